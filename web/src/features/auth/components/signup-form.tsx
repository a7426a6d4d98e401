// The signup form of docs/product.md sections 2, 5 and 8. Email, phone or both; the server signs the new user in.
import { t } from '@lingui/core/macro';
import { knownMessage } from '@web/lib/i18n/known-messages';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { toast } from '@web/components/ui/toast';
import { toApiError } from '@web/lib/api-client';
import { useAuthStore } from '../store';
import { signupFormSchema, type SignupFormValues } from '../form-schemas';
import { useTimedErrors } from '../hooks/use-timed-errors';
import { FormErrorList } from './form-error-list';
import { PasswordField } from '@web/components/ui/password-field';
import { EmailField, PhoneField, TextField } from '@web/components/ui/text-field';

export const SIGNUP_ERROR_MS = 5000;

/** onSuccess gets the phone number typed, if any: it waits for its SMS code. */
export function SignupForm({ onSuccess }: { onSuccess: (phoneNumber?: string) => void }) {
  const registerUser = useAuthStore((state) => state.register);
  const serverErrors = useTimedErrors(SIGNUP_ERROR_MS);
  const [submitting, setSubmitting] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignupFormValues, unknown, z.output<typeof signupFormSchema>>({
    resolver: zodResolver(signupFormSchema),
    defaultValues: { fullName: '', email: '', phoneNumber: '', password: '', confirmPassword: '', terms: false },
  });

  const onSubmit = handleSubmit(async ({ fullName, email, phoneNumber, password }) => {
    serverErrors.clear();
    setSubmitting(true);
    try {
      await registerUser({ fullName, email, phoneNumber, password });
      onSuccess(phoneNumber || undefined);
    } catch (error) {
      const apiError = await toApiError(error, t`An unexpected error occurred`);
      const list = apiError.errors.length ? apiError.errors : [{ message: apiError.message || t`An unexpected error occurred` }];
      serverErrors.show(list);
      // Section 8: each entry of an errors list is also a toast.
      list.forEach((entry) => toast.error(knownMessage(entry.message)));
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label={t`Sign up`}>
      <TextField label={t`Full name`} autoComplete="name" error={errors.fullName?.message} {...register('fullName')} />
      <EmailField error={errors.email?.message} {...register('email')} />
      <PhoneField error={errors.phoneNumber?.message} {...register('phoneNumber')} />
      <p className="field-hint">{t`Give an email, a phone number, or both.`}</p>
      <PasswordField
        label={t`Password`}
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <PasswordField
        label={t`Confirm password`}
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <div className="field">
        <label className="checkbox">
          <input
            type="checkbox"
            aria-invalid={errors.terms ? true : undefined}
            aria-describedby={errors.terms ? 'signup-terms-error' : undefined}
            {...register('terms')}
          />
          <span>{t`I agree to the Terms & Conditions`}</span>
        </label>
        {errors.terms ? (
          <p className="field-error" id="signup-terms-error">
            {knownMessage(errors.terms.message)}
          </p>
        ) : null}
      </div>
      <FormErrorList errors={serverErrors.errors} />
      <button type="submit" className="btn btn-primary auth-submit" disabled={submitting}>
        {submitting ? t`Creating account...` : t`Sign Up`}
      </button>
    </form>
  );
}
