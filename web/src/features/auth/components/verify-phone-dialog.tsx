// After sign-up with a phone number, or a new number on the profile: the shopper types the 6-digit
// code we sent by SMS. Until then the number does not reach this account from USSD.
import { t } from '@lingui/core/macro';
import { knownMessage } from '@web/lib/i18n/known-messages';
import { useState, type FormEvent } from 'react';
import { verifyPhoneSchema } from '@server/modules/auth/auth.schema';
import { Button } from '@web/components/ui/button';
import { Dialog } from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/toast';
import { toApiError } from '@web/lib/api-client';
import { postResendPhoneCode, postVerifyPhone } from '../api/auth-api';
import { TextField } from './text-field';

interface VerifyPhoneDialogProps {
  open: boolean;
  phoneNumber: string;
  onVerified: () => void;
  /** "Later": the number stays unverified; the profile offers the step again. */
  onClose: () => void;
}

export function VerifyPhoneDialog({ open, phoneNumber, onVerified, onClose }: VerifyPhoneDialogProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [busy, setBusy] = useState<'verify' | 'resend'>();

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(undefined);
    const parsed = verifyPhoneSchema.safeParse({ code });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setBusy('verify');
    try {
      await postVerifyPhone(parsed.data.code);
      setError(undefined);
      setCode('');
      toast.success(t`Phone number verified`);
      onVerified();
    } catch (failure) {
      const problem = await toApiError(failure, t`Could not verify the phone number`);
      setError(problem.errors[0]?.message ?? problem.message);
    } finally {
      setBusy(undefined);
    }
  };

  const resend = async () => {
    setBusy('resend');
    setError(undefined);
    try {
      const answer = await postResendPhoneCode();
      setNotice(knownMessage(answer.message ?? t`We have sent a new code by SMS.`));
    } catch (failure) {
      const problem = await toApiError(failure, t`Could not send a new code`);
      setError(problem.errors[0]?.message ?? problem.message);
    } finally {
      setBusy(undefined);
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
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={error}
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
