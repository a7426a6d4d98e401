// After sign-up with a phone number, or a new number on the profile: the shopper types the 6-digit
// code we sent by SMS. Until then the number does not reach this account from USSD.
import { t } from '@lingui/core/macro';
import { knownMessage } from '@web/lib/i18n/known-messages';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { verifyPhoneSchema } from '@server/modules/auth/auth.schema';
import { Button } from '@web/components/ui/button';
import { Dialog } from '@web/components/ui/dialog';
import { TextField } from '@web/components/ui/text-field';
import { toast } from '@web/components/ui/toast';
import { toApiError } from '@web/lib/api-client';
import { postResendPhoneCode, postVerifyPhone } from '../api/auth-api';

interface VerifyPhoneDialogProps {
  open: boolean;
  phoneNumber: string;
  onVerified: () => void;
  /** "Later": the number stays unverified; the profile offers the step again. */
  onClose: () => void;
}

type CodeValues = z.input<typeof verifyPhoneSchema>;

export function VerifyPhoneDialog({ open, phoneNumber, onVerified, onClose }: VerifyPhoneDialogProps) {
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CodeValues, unknown, z.output<typeof verifyPhoneSchema>>({ resolver: zodResolver(verifyPhoneSchema), defaultValues: { code: '' } });
  const [notice, setNotice] = useState<string>();
  const [resending, setResending] = useState(false);
  const busy = isSubmitting ? 'verify' : resending ? 'resend' : undefined;

  /** The server's reason, whichever call it refused, is said under the code. */
  const refuse = (problem: { errors: { message: string }[]; message: string }) =>
    setError('code', { type: 'server', message: problem.errors[0]?.message ?? problem.message });

  const verifyCode = handleSubmit(async ({ code }) => {
    try {
      await postVerifyPhone(code);
      reset();
      toast.success(t`Phone number verified`);
      onVerified();
    } catch (failure) {
      refuse(await toApiError(failure, t`Could not verify the phone number`));
    }
  });

  const verify = (event: FormEvent) => {
    // A notice about the last code sent is stale once the shopper tries one.
    setNotice(undefined);
    void verifyCode(event);
  };

  const resend = async () => {
    setResending(true);
    clearErrors('code');
    try {
      const answer = await postResendPhoneCode();
      setNotice(knownMessage(answer.message ?? t`We have sent a new code by SMS.`));
    } catch (failure) {
      refuse(await toApiError(failure, t`Could not send a new code`));
    } finally {
      setResending(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t`Confirm your phone number`}
      description={t`We sent a 6-digit code by SMS to ${phoneNumber}. Enter it so you can also shop from this phone by USSD.`}
    >
      <form className="auth-form" onSubmit={verify} noValidate aria-label={t`Confirm your phone number`}>
        <TextField
          label={t`6-digit code`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={errors.code?.message}
          {...register('code')}
        />
        {notice && (
          <p className="auth-notice" role="status">
            {notice}
          </p>
        )}
        <div className="dialog-actions">
          <Button variant="secondary" onClick={resend} busy={busy === 'resend'} disabled={busy !== undefined}>
            {t`Send a new code`}
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={busy !== undefined}>
            {t`Later`}
          </Button>
          <Button type="submit" busy={busy === 'verify'} disabled={busy !== undefined}>
            {busy === 'verify' ? t`Confirming...` : t`Confirm`}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
