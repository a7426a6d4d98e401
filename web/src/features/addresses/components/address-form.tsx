// The one address form (docs/product.md section 5): used by address management and by checkout's New Address dialog.
// District and sector are chosen from Kigali's one list (addresses.schema.ts), the list USSD and chat offer.
import { t } from '@lingui/core/macro';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { addressInputSchema, isKigaliDistrict, KIGALI_DISTRICTS, sectorsOf, type AddressInput } from '@server/modules/addresses/addresses.schema';
import { Button } from '@web/components/ui/button';
import { LabelledField } from '@web/components/ui/labelled-field';
import { PhoneField, TextField } from '@web/components/ui/text-field';
import type { ApiFieldError } from '@web/lib/api-client';
import { setServerFieldErrors } from '@web/lib/server-field-errors';

export type AddressFormValues = z.input<typeof addressInputSchema>;

const EMPTY: AddressFormValues = {
  description: '',
  city: 'Kigali',
  street: '',
  district: '',
  sector: '',
  phoneNumber: '',
  isDefault: false,
};

interface AddressFormProps {
  /** The address edited, or what a new one starts with (the account's phone). */
  initial?: Partial<Omit<AddressFormValues, 'sector'>> & { sector?: string | null };
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** Field errors the server returned for the last submit, shown under their fields. */
  serverErrors?: ApiFieldError[];
  onSubmit: (values: AddressInput) => void;
  onCancel: () => void;
}

const FIELDS = ['description', 'city', 'street', 'district', 'sector', 'phoneNumber'] as const;

/**
 * The form's starting values. An address saved before the list, its district typed as free text, starts
 * with no district chosen (the shopper picks one, told what was saved), its other fields as they are.
 */
function startingValues(initial: AddressFormProps['initial']): AddressFormValues {
  const district = initial?.district && isKigaliDistrict(initial.district) ? initial.district : '';
  return { ...EMPTY, ...initial, district, sector: district ? (initial?.sector ?? '') : '' };
}

export function AddressForm({ initial, submitLabel, busyLabel, busy, serverErrors, onSubmit, onCancel }: AddressFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors },
  } = useForm<AddressFormValues, unknown, AddressInput>({
    resolver: zodResolver(addressInputSchema),
    defaultValues: startingValues(initial),
  });
  const sectors = sectorsOf(watch('district'));
  const typedBefore = initial?.district && !isKigaliDistrict(initial.district) ? initial.district : null;

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
      <LabelledField label={t`District`} error={errors.district?.message}>
        {(control) => (
          <select {...control} className="input" {...register('district', { onChange: () => setValue('sector', '') })}>
            <option value="">{t`Choose a district`}</option>
            {KIGALI_DISTRICTS.map((district) => (
              <option key={district} value={district}>
                {district}
              </option>
            ))}
          </select>
        )}
      </LabelledField>
      <LabelledField label={t`Sector`} error={errors.sector?.message}>
        {(control) => (
          <select {...control} className="input" disabled={!sectors.length} {...register('sector')}>
            <option value="">{sectors.length ? t`Choose a sector` : t`Choose the district first`}</option>
            {sectors.map((sector) => (
              <option key={sector} value={sector}>
                {sector}
              </option>
            ))}
          </select>
        )}
      </LabelledField>
      {typedBefore ? (
        <p className="address-form-wide address-form-hint">
          {t`Saved as "${typedBefore}": choose its district to save changes. Orders to this address still go as saved.`}
        </p>
      ) : null}
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
