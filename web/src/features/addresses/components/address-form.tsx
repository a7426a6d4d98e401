// The one address form (docs/product.md section 5): used by address management and by checkout's New Address dialog.
import { t } from '@lingui/core/macro';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { addressInputSchema, type AddressInput } from '@server/modules/addresses/addresses.schema';
import { Button } from '@web/components/ui/button';
import { PhoneField, TextField } from '@web/components/ui/text-field';
import type { ApiFieldError } from '@web/lib/api-client';
import { setServerFieldErrors } from '@web/lib/server-field-errors';

export type AddressFormValues = z.input<typeof addressInputSchema>;

const EMPTY: AddressFormValues = {
  description: '',
  city: 'Kigali',
  street: '',
  district: '',
  phoneNumber: '',
  isDefault: false,
};

interface AddressFormProps {
  initial?: Partial<AddressFormValues>;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** Field errors the server returned for the last submit, shown under their fields. */
  serverErrors?: ApiFieldError[];
  onSubmit: (values: AddressInput) => void;
  onCancel: () => void;
}

const FIELDS = ['description', 'city', 'street', 'district', 'phoneNumber'] as const;

export function AddressForm({ initial, submitLabel, busyLabel, busy, serverErrors, onSubmit, onCancel }: AddressFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AddressFormValues, unknown, AddressInput>({
    resolver: zodResolver(addressInputSchema),
    defaultValues: { ...EMPTY, ...initial },
  });

  useEffect(() => {
    setServerFieldErrors(setError, serverErrors ?? [], FIELDS);
  }, [serverErrors, setError]);

  return (
    <form className="address-form" onSubmit={handleSubmit(onSubmit)} noValidate aria-label={t`Address`}>
      <TextField
        className="address-form-wide"
        label={t`Description`}
        placeholder={t`Home, Office...`}
        error={errors.description?.message}
        {...register('description')}
      />
      <TextField label={t`Street`} autoComplete="address-line1" error={errors.street?.message} {...register('street')} />
      <TextField label={t`District`} placeholder="Gasabo" error={errors.district?.message} {...register('district')} />
      <TextField label={t`City`} autoComplete="address-level2" error={errors.city?.message} {...register('city')} />
      <PhoneField error={errors.phoneNumber?.message} {...register('phoneNumber')} />
      <label className="address-form-wide address-default">
        <input type="checkbox" {...register('isDefault')} />
        <span>{t`Set as default address`}</span>
      </label>
      <div className="address-form-wide address-form-actions">
        <Button variant="secondary" onClick={onCancel}>
          {t`Cancel`}
        </Button>
        <Button type="submit" busy={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
