// /admin/catalog/categories/:categoryId ('new' to add one): name, description, picture, hidden.
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { categoryInputSchema, type StaffCategory } from '@server/modules/catalog/staff-catalog.schema';
import { staffPaths } from '../staff-paths';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { createCategory, fetchCategories, updateCategory } from '../api/staff-api';
import { AreaField, CheckField, Field } from '../components/form-fields';
import { ImageUpload } from '../components/image-upload';
import { CatalogEditFrame } from '../components/catalog-edit-frame';
import { useRemote } from '../use-remote';
import { useStaffSave } from '../use-staff-save';

function CategoryForm({ category, onSaved }: { category: StaffCategory | null; onSaved: (message: string) => void }) {
  const [name, setName] = useState(category?.name ?? '');
  const [description, setDescription] = useState(category?.description ?? '');
  const [image, setImage] = useState(category?.imagePath ?? '');
  const [preview, setPreview] = useState(category?.image ?? '');
  const [hidden, setHidden] = useState(category?.hidden ?? false);
  const { errors, saving, save } = useStaffSave('Could not save the category');

  function submit(event: FormEvent) {
    event.preventDefault();
    void save(
      categoryInputSchema,
      { name, description, image, hidden },
      async (input) => {
        const result = category ? await updateCategory(category._id, input) : await createCategory(input);
        onSaved(result.message);
      },
      'name',
    );
  }

  return (
    <form className="card staff-form" onSubmit={submit} noValidate>
      <Field label="Name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} maxLength={60} />
      <AreaField label="Description" rows={3} value={description} onChange={(e) => setDescription(e.target.value)} error={errors.description} maxLength={500} />
      <ImageUpload
        value={image}
        preview={preview}
        error={errors.image}
        onUploaded={(stored, url) => {
          setImage(stored);
          setPreview(url);
        }}
      />
      <CheckField label="Hidden from the shop (its products too)" checked={hidden} onChange={setHidden} />
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
