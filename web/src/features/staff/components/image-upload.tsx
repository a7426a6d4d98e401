// Choosing a picture for a product or category: checked here for type and size (the server checks the
// content again), uploaded at once, previewed, and its stored path handed to the form.
import { useId, useState } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { IMAGE_TYPES, MAX_IMAGE_BYTES } from '@server/modules/catalog/staff-catalog.schema';
import { Image } from '@web/components/ui/image';
import { toApiError } from '@web/lib/api-client';
import { uploadImage } from '../api/staff-api';

interface ImageUploadProps {
  /** The stored image path (what the form sends). */
  value: string;
  /** Where to show it from (the product's image URL when editing). */
  preview: string;
  onUploaded: (image: string, url: string) => void;
  error?: string;
}

/** WhatsApp's picture headers take JPEG and PNG only: a WebP picture shows on the web alone. */
const WEBP_NOTE = 'Picture ready. WhatsApp shows only JPEG or PNG pictures, so shoppers there will not see this one.';

function statusOf(uploading: boolean, value: string): string {
  if (uploading) return 'Uploading...';
  if (!value) return 'No picture yet';
  return /\.webp$/i.test(value) ? WEBP_NOTE : 'Picture ready';
}

/** Why a file cannot be used, or null when it can. */
export function imageFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'Choose a JPEG, PNG or WebP picture';
  if (file.size > MAX_IMAGE_BYTES) return `The picture must be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB`;
  return null;
}

export function ImageUpload({ value, preview, onUploaded, error }: ImageUploadProps) {
  const id = useId();
  const [problem, setProblem] = useState('');
  const [uploading, setUploading] = useState(false);
  const shown = problem || error || '';

  async function choose(file: File | undefined) {
    if (!file) return;
    const reason = imageFileProblem(file);
    if (reason) {
      setProblem(reason);
      return;
    }
    setProblem('');
    setUploading(true);
    try {
      const result = await uploadImage(file);
      onUploaded(result.image, result.url);
    } catch (failure) {
      setProblem((await toApiError(failure, 'The picture could not be uploaded')).message);
    } finally {
      setUploading(false);
    }
  }

  return (
    <div className="field staff-image-field">
      <label className="field-label" htmlFor={id}>
        Picture (JPEG, PNG or WebP, up to 2 MB)
      </label>
      <div className="staff-image-row">
        {value ? <Image src={preview || value} alt="Current picture" width={96} height={96} className="staff-image-preview" /> : null}
        <input
          id={id}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          disabled={uploading}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? `${id}-error` : `${id}-status`}
          onChange={(event) => void choose(event.target.files?.[0])}
        />
      </div>
      <p id={`${id}-status`} className="muted" aria-live="polite">
        {statusOf(uploading, value)}
      </p>
      {shown ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {shown}
        </p>
      ) : null}
    </div>
  );
}

/** A console form's picture: the stored path kept by react-hook-form under `name`, shown from `initialPreview` until another is uploaded. */
export function ImageField<T extends FieldValues>({ control, name, initialPreview }: { control: Control<T>; name: FieldPath<T>; initialPreview: string }) {
  const [preview, setPreview] = useState(initialPreview);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ImageUpload
          value={typeof field.value === 'string' ? field.value : ''}
          preview={preview}
          error={fieldState.error?.message}
          onUploaded={(image, url) => {
            field.onChange(image);
            setPreview(url);
          }}
        />
      )}
    />
  );
}
