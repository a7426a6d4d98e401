// docs/product.md section 5, profile edit: full name, email, phone (optional) and a new password (optional).
import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { updateProfileSchema, type UpdateProfileInput } from '@server/modules/users/users.schema';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { toApiError } from '@web/lib/api-client';
import { PasswordField } from '@web/components/ui/password-field';
import { EmailField, PhoneField, TextField } from '@web/components/ui/text-field';
import { updateProfile, type Account } from '../api/profile-api';

type EditValues = z.input<typeof updateProfileSchema>;

interface EditProfileFormProps {
  account: Account;
  onSaved: (account: Account) => void;
  onCancel: () => void;
}

export function EditProfileForm({ account, onSaved, onCancel }: EditProfileFormProps) {
  const [busy, setBusy] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<EditValues, unknown, UpdateProfileInput>({
    resolver: zodResolver(updateProfileSchema),
    defaultValues: {
      fullName: account.fullName,
      email: account.email ?? '',
      phoneNumber: account.phoneNumber ?? '',
      password: '',
    },
  });

  const submit = handleSubmit(async (values) => {
    setBusy(true);
    try {
      const saved = await updateProfile(values);
      toast.success(t`Profile updated successfully`);
      onSaved(saved ?? { ...account, fullName: values.fullName, email: values.email, phoneNumber: values.phoneNumber });
    } catch (error) {
      const failure = await toApiError(error, t`Failed to update profile`);
      toast.error(failure.errors[0]?.message ?? t`Failed to update profile`);
    } finally {
      setBusy(false);
    }
  });

  return (
    <form className="profile-form" onSubmit={submit} noValidate aria-label={t`Edit profile`}>
      <TextField label={t`Full name`} autoComplete="name" error={errors.fullName?.message} {...register('fullName')} />
      <EmailField error={errors.email?.message} {...register('email')} />
      <PhoneField error={errors.phoneNumber?.message} {...register('phoneNumber')} />
      <PasswordField
        label={t`New password (optional)`}
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <div className="profile-form-actions">
        <Button variant="secondary" onClick={onCancel}>
          {t`Cancel`}
        </Button>
        <Button type="submit" busy={busy}>
          {busy ? t`Saving...` : t`Save Changes`}
        </Button>
      </div>
    </form>
  );
}
