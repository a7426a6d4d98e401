// /admin/catalog/products/:productId ('new' to add one): name, local name, unit, price, offer price,
// description, category, picture, in stock, hidden. Checked with the server's own schema before it
// is sent; the server's answer (a message per field) is shown the same way.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useParams } from 'react-router-dom';
import type { z } from 'zod';
import { productInputSchema, type ProductInput, type StaffCategory, type StaffProduct } from '@server/modules/catalog/staff-catalog.schema';
import { staffPaths } from '../staff-paths';
import { Button } from '@web/components/ui/button';
import { LabelledField } from '@web/components/ui/labelled-field';
import { TextField } from '@web/components/ui/text-field';
import { toast } from '@web/components/ui/toast';
import { createProduct, fetchCategories, fetchProduct, updateProduct } from '../api/staff-api';
import { AreaField, CheckField } from '../components/form-fields';
import { ImageField } from '../components/image-upload';
import { ProductStockPanel } from '../components/product-stock-panel';
import { CatalogEditFrame } from '../components/catalog-edit-frame';
import { useRemote } from '../use-remote';
import { submitStaffForm } from '../staff-form';

type ProductValues = z.input<typeof productInputSchema>;

function valuesOf(product: StaffProduct | null): ProductValues {
  return {
    productname: product?.productname ?? '',
    localName: product?.localName ?? '',
    productUnit: product?.productUnit ?? '',
    price: product ? String(product.price) : '',
    offerPrice: product?.offerPrice != null ? String(product.offerPrice) : '',
    description: product?.description ?? '',
    categoryId: product?.productCategory._id ?? '',
    image: product?.imagePath ?? '',
    inStock: product?.inStock ?? true,
    hidden: product?.hidden ?? false,
  };
}

/** A price typed with spaces around it is the price; an offer of only spaces is no offer. */
const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

export function ProductForm({
  product,
  categories,
  onSaved,
}: {
  product: StaffProduct | null;
  categories: StaffCategory[];
  onSaved: (product: StaffProduct, message: string) => void;
}) {
  const form = useForm<ProductValues, unknown, ProductInput>({ resolver: zodResolver(productInputSchema), defaultValues: valuesOf(product) });
  const {
    register,
    control,
    formState: { errors, isSubmitting: saving },
  } = form;
  // Where the picture shows from: the product's image URL, then the upload's. Not sent: the form sends image.

  const submit = submitStaffForm(form, { failureMessage: 'Could not save the product' }, async (input) => {
    const result = product ? await updateProduct(product._id, input) : await createProduct(input);
    onSaved(result.product, result.message);
  });

  return (
    <form className="card staff-form" onSubmit={submit} noValidate>
      <TextField label="Name" error={errors.productname?.message} maxLength={120} {...register('productname')} />
      <TextField label="Local name (optional)" error={errors.localName?.message} maxLength={120} {...register('localName')} />
      <TextField label="Unit (kg, bunch, piece...)" error={errors.productUnit?.message} maxLength={30} {...register('productUnit')} />
      <div className="staff-form-pair">
        <TextField label="Price (frw)" inputMode="decimal" error={errors.price?.message} {...register('price', { setValueAs: trimmed })} />
        <TextField
          label="Offer price (frw, optional)"
          inputMode="decimal"
          error={errors.offerPrice?.message}
          {...register('offerPrice', { setValueAs: trimmed })}
        />
      </div>
      <LabelledField label="Category" id="product-category" error={errors.categoryId?.message}>
        {(fieldControl) => (
          <select {...fieldControl} className="input" {...register('categoryId')}>
            <option value="">Choose a category</option>
            {categories.map((category) => (
              <option key={category._id} value={category._id}>
                {category.name}
                {category.hidden ? ' (hidden)' : ''}
              </option>
            ))}
          </select>
        )}
      </LabelledField>
      <AreaField label="Description" rows={4} error={errors.description?.message} maxLength={2000} {...register('description')} />
      <ImageField control={control} name="image" initialPreview={product?.productImage ?? ''} />
      <CheckField label="In stock" {...register('inStock')} />
      <CheckField label="Hidden from the shop" {...register('hidden')} />
      <Button type="submit" busy={saving}>
        {saving ? 'Saving...' : product ? 'Save changes' : 'Add product'}
      </Button>
    </form>
  );
}

export default function ProductEditPage() {
  const { productId = 'new' } = useParams();
  const isNew = productId === 'new';
  const navigate = useNavigate();
  const { state, reload } = useRemote(
    async () => {
      // Read afresh (not handed over from the catalog's list): another staff member may have just saved it.
      const [{ categories }, product] = await Promise.all([fetchCategories(), isNew ? null : fetchProduct(productId)]);
      return { categories, product };
    },
    [productId],
    'Could not load the product',
  );
  const data = state.data;
  const title = isNew ? 'Add a product' : (data?.product?.productname ?? 'Edit product');

  return (
    <CatalogEditFrame title={title} state={state} onRetry={() => void reload()} missing={data && !isNew && !data.product ? 'Product not found.' : null}>
      {data && (isNew || data.product) ? (
        <ProductForm
          key={data.product?._id ?? 'new'}
          product={data.product}
          categories={data.categories}
          onSaved={(_product, message) => {
            toast.success(message);
            navigate(staffPaths.catalog);
          }}
        />
      ) : null}
      {data?.product ? <ProductStockPanel productId={data.product._id} /> : null}
    </CatalogEditFrame>
  );
}
