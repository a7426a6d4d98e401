// The login form of docs/product.md sections 2, 5 and 8: email or phone, password, Remember me, forgot password.
import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@web/components/ui/toast';
import { useAuthStore } from '../store';
import { loginFormSchema, type LoginFormValues } from '../form-schemas';
import { useTimedErrors } from '../hooks/use-timed-errors';
import { toApiError } from '@web/lib/api-client';
import { FormErrorList } from './form-error-list';
import { MethodToggle } from './method-toggle';
import { PasswordField } from '@web/components/ui/password-field';
import { TextField } from '@web/components/ui/text-field';

export const LOGIN_ERROR_MS = 3000;

interface LoginFormProps {
  onSuccess: () => void;
  onForgotPassword: () => void;
}

export function LoginForm({ onSuccess, onForgotPassword }: LoginFormProps) {
  const login = useAuthStore((state) => state.login);
  const serverErrors = useTimedErrors(LOGIN_ERROR_MS);
  const [submitting, setSubmitting] = useState(false);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    clearErrors,
    formState: { errors },
  } = useForm<LoginFormValues>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { method: 'email', identifier: '', password: '', remember: false },
  });
  const method = watch('method');

  const onSubmit = handleSubmit(async (values) => {
    serverErrors.clear();
    setSubmitting(true);
    try {
      await login({ identifier: values.identifier.trim(), password: values.password, remember: values.remember });
      onSuccess();
    } catch (error) {
      const apiError = await toApiError(error, t`Login failed. Please check your credentials.`);
      const list = apiError.errors.length ? apiError.errors : [{ message: apiError.message }];
      serverErrors.show(list);
      toast.error(list[0].message);
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label={t`Login`}>
      <MethodToggle
        name="login-method"
        value={method}
        onChange={(next) => {
          setValue('method', next);
          setValue('identifier', '');
          clearErrors('identifier');
        }}
      />
      <TextField
        label={method === 'email' ? t`Email address` : t`Phone number`}
        type={method === 'email' ? 'email' : 'tel'}
        autoComplete={method === 'email' ? 'email' : 'tel'}
        inputMode={method === 'email' ? 'email' : 'tel'}
        placeholder={method === 'email' ? 'you@example.com' : '+250788123456'}
        error={errors.identifier?.message}
        {...register('identifier')}
      />
      <PasswordField
        label={t`Password`}
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <div className="auth-row">
        <label className="checkbox">
          <input type="checkbox" {...register('remember')} />
          <span>{t`Remember me`}</span>
        </label>
        <button type="button" className="link-button" onClick={onForgotPassword}>
          {t`Forgot password?`}
        </button>
      </div>
      <FormErrorList errors={serverErrors.errors} />
      <button type="submit" className="btn btn-primary auth-submit" disabled={submitting}>
        {submitting ? t`Logging in...` : t`Login`}
      </button>
    </form>
  );
}
