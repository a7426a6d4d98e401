// The reset-password dialog (docs/product.md section 2): step 1 names the account and asks the server to send a
// one-time code; step 2 takes that code and the new password. Closing at any point forgets everything.
import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Dialog } from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/toast';
import { toApiError, type ApiFieldError } from '@web/lib/api-client';
import { compactPhone } from '@server/lib/fields';
import { postForgotPassword, postResetPassword, type ResetIdentity } from '../api/auth-api';
import {
  resetIdentityFormSchema,
  resetPasswordFormSchema,
  type ResetIdentityFormValues,
  type ResetPasswordFormValues,
} from '../form-schemas';
import { FormErrorList } from './form-error-list';
import { MethodToggle } from './method-toggle';
import { PasswordField } from '@web/components/ui/password-field';
import { TextField } from '@web/components/ui/text-field';

interface ResetPasswordDialogProps {
  open: boolean;
  onClose: () => void;
}

function identityOf(values: ResetIdentityFormValues): ResetIdentity {
  const identifier = values.identifier.trim();
  return values.method === 'email' ? { email: identifier } : { phoneNumber: compactPhone(identifier) };
}

async function dialogErrors(error: unknown, fallback: string): Promise<ApiFieldError[]> {
  const apiError = await toApiError(error, fallback);
  return apiError.errors.length ? apiError.errors : [{ message: apiError.message }];
}

export function ResetPasswordDialog({ open, onClose }: ResetPasswordDialogProps) {
  const [step, setStep] = useState<1 | 2>(1);
  const [busy, setBusy] = useState(false);
  const [serverErrors, setServerErrors] = useState<ApiFieldError[]>([]);
  const identityForm = useForm<ResetIdentityFormValues>({
    resolver: zodResolver(resetIdentityFormSchema),
    defaultValues: { method: 'email', identifier: '' },
  });
  const passwordForm = useForm<ResetPasswordFormValues>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { code: '', password: '', confirmPassword: '' },
  });
  const method = identityForm.watch('method');

  function close() {
    identityForm.reset();
    passwordForm.reset();
    setServerErrors([]);
    setStep(1);
    setBusy(false);
    onClose();
  }

  const sendCode = identityForm.handleSubmit(async (values) => {
    setServerErrors([]);
    setBusy(true);
    try {
      await postForgotPassword(identityOf(values));
      setStep(2);
    } catch (error) {
      setServerErrors(await dialogErrors(error, t`Failed to send the code. Please try again.`));
    } finally {
      setBusy(false);
    }
  });

  const updatePassword = passwordForm.handleSubmit(async (values) => {
    setServerErrors([]);
    setBusy(true);
    try {
      await postResetPassword({
        ...identityOf(identityForm.getValues()),
        code: values.code.trim(),
        password: values.password,
      });
      toast.success(t`Password updated successfully!`);
      close();
    } catch (error) {
      setServerErrors(await dialogErrors(error, t`Failed to update password`));
      setBusy(false);
    }
  });

  const identityErrors = identityForm.formState.errors;
  const sentTo = identityForm.getValues('identifier').trim();
  const passwordErrors = passwordForm.formState.errors;

  return (
    <Dialog open={open} onClose={close} title={t`Reset password`} maxWidth="440px">
      {step === 1 ? (
        <form className="auth-form" onSubmit={sendCode} noValidate aria-label={t`Reset password: your account`}>
          <p className="dialog-intro">{t`Tell us how you signed up and we will send you a 6-digit code.`}</p>
          <MethodToggle
            name="reset-method"
            legend={t`Reset with`}
            value={method}
            onChange={(next) => {
              identityForm.setValue('method', next);
              identityForm.setValue('identifier', '');
              identityForm.clearErrors('identifier');
            }}
          />
          <TextField
            label={method === 'email' ? t`Email address` : t`Phone number`}
            type={method === 'email' ? 'email' : 'tel'}
            autoComplete={method === 'email' ? 'email' : 'tel'}
            error={identityErrors.identifier?.message}
            {...identityForm.register('identifier')}
          />
          <FormErrorList errors={serverErrors} />
          <div className="dialog-actions">
            <button type="button" className="btn btn-secondary" onClick={close}>
              {t`Cancel`}
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? t`Sending...` : t`Next`}
            </button>
          </div>
        </form>
      ) : (
        <form className="auth-form" onSubmit={updatePassword} noValidate aria-label={t`Reset password: new password`}>
          <p className="dialog-intro">
            {t`Enter the code we sent to ${sentTo} and choose a new password.`}
          </p>
          <TextField
            label={t`6-digit code`}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={passwordErrors.code?.message}
            {...passwordForm.register('code')}
          />
          <PasswordField
            label={t`New password`}
            autoComplete="new-password"
            error={passwordErrors.password?.message}
            {...passwordForm.register('password')}
          />
          <PasswordField
            label={t`Confirm new password`}
            autoComplete="new-password"
            error={passwordErrors.confirmPassword?.message}
            {...passwordForm.register('confirmPassword')}
          />
          <FormErrorList errors={serverErrors} />
          <div className="dialog-actions">
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => {
                setServerErrors([]);
                setStep(1);
              }}
            >
              {t`Back`}
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? t`Updating...` : t`Update Password`}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
