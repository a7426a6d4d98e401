// /admin/catalog/products/:productId ('new' to add one): name, local name, unit, price, offer price,
// description, category, picture, in stock, hidden. Checked with the server's own schema before it
// is sent; the server's answer (a message per field) is shown the same way.
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { productInputSchema, type StaffCategory, type StaffProduct } from '@server/modules/catalog/staff-catalog.schema';
import { staffPaths } from '../staff-paths';
import { Button } from '@web/components/ui/button';
import { LabelledField } from '@web/components/ui/labelled-field';
import { toast } from '@web/components/ui/toast';
import { createProduct, fetchCategories, fetchProduct, updateProduct } from '../api/staff-api';
import { AreaField, CheckField, Field } from '../components/form-fields';
import { ImageUpload } from '../components/image-upload';
import { ProductStockPanel } from '../components/product-stock-panel';
import { CatalogEditFrame } from '../components/catalog-edit-frame';
import { useRemote } from '../use-remote';
import { useStaffSave } from '../use-staff-save';

interface ProductDraft {
  productname: string;
  localName: string;
  productUnit: string;
  price: string;
  offerPrice: string;
  description: string;
  categoryId: string;
  image: string;
  preview: string;
  inStock: boolean;
  hidden: boolean;
}

function draftOf(product: StaffProduct | null): ProductDraft {
  return {
    productname: product?.productname ?? '',
    localName: product?.localName ?? '',
    productUnit: product?.productUnit ?? '',
    price: product ? String(product.price) : '',
    offerPrice: product?.offerPrice != null ? String(product.offerPrice) : '',
    description: product?.description ?? '',
    categoryId: product?.productCategory._id ?? '',
    image: product?.imagePath ?? '',
    preview: product?.productImage ?? '',
    inStock: product?.inStock ?? true,
    hidden: product?.hidden ?? false,
  };
}

export function ProductForm({
  product,
  categories,
  onSaved,
}: {
  product: StaffProduct | null;
  categories: StaffCategory[];
  onSaved: (product: StaffProduct, message: string) => void;
}) {
  const [draft, setDraft] = useState(() => draftOf(product));
  const { errors, saving, save } = useStaffSave('Could not save the product');
  const set = <K extends keyof ProductDraft>(key: K, value: ProductDraft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const { preview: _preview, ...fields } = draft;
    void save(productInputSchema, { ...fields, offerPrice: fields.offerPrice.trim() || null }, async (input) => {
      const result = product ? await updateProduct(product._id, input) : await createProduct(input);
      onSaved(result.product, result.message);
    });
  }

  return (
    <form className="card staff-form" onSubmit={submit} noValidate>
      <Field label="Name" value={draft.productname} onChange={(e) => set('productname', e.target.value)} error={errors.productname} maxLength={120} />
      <Field label="Local name (optional)" value={draft.localName} onChange={(e) => set('localName', e.target.value)} error={errors.localName} maxLength={120} />
      <Field label="Unit (kg, bunch, piece...)" value={draft.productUnit} onChange={(e) => set('productUnit', e.target.value)} error={errors.productUnit} maxLength={30} />
      <div className="staff-form-pair">
        <Field label="Price (frw)" inputMode="decimal" value={draft.price} onChange={(e) => set('price', e.target.value)} error={errors.price} />
        <Field
          label="Offer price (frw, optional)"
          inputMode="decimal"
          value={draft.offerPrice}
          onChange={(e) => set('offerPrice', e.target.value)}
          error={errors.offerPrice}
        />
      </div>
      <LabelledField label="Category" id="product-category" error={errors.categoryId}>
        {(control) => (
          <select {...control} className="input" value={draft.categoryId} onChange={(e) => set('categoryId', e.target.value)}>
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
      <AreaField label="Description" rows={4} value={draft.description} onChange={(e) => set('description', e.target.value)} error={errors.description} maxLength={2000} />
      <ImageUpload
        value={draft.image}
        preview={draft.preview}
        error={errors.image}
        onUploaded={(image, url) => setDraft((current) => ({ ...current, image, preview: url }))}
      />
      <CheckField label="In stock" checked={draft.inStock} onChange={(value) => set('inStock', value)} />
      <CheckField label="Hidden from the shop" checked={draft.hidden} onChange={(value) => set('hidden', value)} />
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
