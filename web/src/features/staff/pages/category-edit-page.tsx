// /admin/catalog/categories/:categoryId ('new' to add one): name, description, picture, hidden.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useParams } from 'react-router-dom';
import type { z } from 'zod';
import { categoryInputSchema, type CategoryInput, type StaffCategory } from '@server/modules/catalog/staff-catalog.schema';
import { staffPaths } from '../staff-paths';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/text-field';
import { toast } from '@web/components/ui/toast';
import { createCategory, fetchCategories, updateCategory } from '../api/staff-api';
import { AreaField, CheckField } from '../components/form-fields';
import { ImageField } from '../components/image-upload';
import { CatalogEditFrame } from '../components/catalog-edit-frame';
import { useRemote } from '../use-remote';
import { submitStaffForm } from '../staff-form';

type CategoryValues = z.input<typeof categoryInputSchema>;

function CategoryForm({ category, onSaved }: { category: StaffCategory | null; onSaved: (message: string) => void }) {
  const form = useForm<CategoryValues, unknown, CategoryInput>({
    resolver: zodResolver(categoryInputSchema),
    defaultValues: { name: category?.name ?? '', description: category?.description ?? '', image: category?.imagePath ?? '', hidden: category?.hidden ?? false },
  });
  const {
    register,
    control,
    formState: { errors, isSubmitting: saving },
  } = form;

  // A name another category has is refused with 409: said under Name.
  const submit = submitStaffForm(form, { failureMessage: 'Could not save the category', conflictField: 'name' }, async (input) => {
    const result = category ? await updateCategory(category._id, input) : await createCategory(input);
    onSaved(result.message);
  });

  return (
    <form className="card staff-form" onSubmit={submit} noValidate>
      <TextField label="Name" error={errors.name?.message} maxLength={60} {...register('name')} />
      <AreaField label="Description" rows={3} error={errors.description?.message} maxLength={500} {...register('description')} />
      <ImageField control={control} name="image" initialPreview={category?.image ?? ''} />
      <CheckField label="Hidden from the shop (its products too)" {...register('hidden')} />
      <Button type="submit" busy={saving}>
        {saving ? 'Saving...' : category ? 'Save changes' : 'Add category'}
      </Button>
    </form>
  );
}

export default function CategoryEditPage() {
  const { categoryId = 'new' } = useParams();
  const isNew = categoryId === 'new';
  const navigate = useNavigate();
  const { state, reload } = useRemote(
    async () => (isNew ? null : ((await fetchCategories()).categories.find((item) => item._id === categoryId) ?? null)),
    [categoryId],
    'Could not load the category',
  );
  const category = state.status === 'ready' ? state.data : null;
  const title = isNew ? 'Add a category' : (category?.name ?? 'Edit category');

  return (
    <CatalogEditFrame title={title} state={state} onRetry={() => void reload()} missing={state.status === 'ready' && !isNew && !category ? 'Category not found.' : null}>
      {state.status === 'ready' && (isNew || category) ? (
        <CategoryForm
          key={category?._id ?? 'new'}
          category={category}
          onSaved={(message) => {
            toast.success(message);
            navigate(staffPaths.catalog);
          }}
        />
      ) : null}
    </CatalogEditFrame>
  );
}
