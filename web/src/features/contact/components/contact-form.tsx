// 'Get in Touch' (docs/product.md sections 2 and 4): validated with the same schema the server uses;
// 'Sending...' while it goes; cleared on success.
import { t } from '@lingui/core/macro';
import { knownMessage } from '@web/lib/i18n/known-messages';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { contactMessageSchema, type ContactMessageInput } from '@server/modules/contact/contact.schema';
import { toast } from '@web/components/ui/toast';
import { useSignedInUser } from '@web/features/auth';
import { sendContactMessage } from '../api/send-contact-message';

const contactSuccess = () => t`Message sent! We'll get back to you soon.`;
const contactFailure = () => t`Failed to send message. Please try again.`;

const EMPTY: ContactMessageInput = { name: '', email: '', subject: '', message: '' };

export function ContactForm() {
  const id = useId();
  const [result, setResult] = useState<'success' | 'error' | null>(null);
  // A signed-in shopper is not asked for the name and e-mail the shop already has (they may change them).
  const user = useSignedInUser();
  const start: ContactMessageInput = { ...EMPTY, name: user?.fullName ?? '', email: user?.email ?? '' };
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<ContactMessageInput>({ resolver: zodResolver(contactMessageSchema), defaultValues: start });
  // The session's user may arrive after the form (asked of the server): fill what is still empty.
  useEffect(() => {
    if (user?.fullName && !getValues('name')) setValue('name', user.fullName);
    if (user?.email && !getValues('email')) setValue('email', user.email);
  }, [user, getValues, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    setResult(null);
    try {
      await sendContactMessage(values);
      reset(start);
      setResult('success');
      toast.success(contactSuccess());
    } catch {
      setResult('error');
      toast.error(contactFailure());
    }
  });

  const fields = [
    { name: 'name', label: t`Name`, type: 'text', autoComplete: 'name' },
    { name: 'email', label: t`Email`, type: 'email', autoComplete: 'email' },
    { name: 'subject', label: t`Subject`, type: 'text', autoComplete: 'off' },
  ] as const;

  return (
    <form className="card contact-form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="contact-card-title">
        {t`Get in Touch`}
      </h2>
      {result === 'success' && (
        <p className="form-message form-message-success" role="status">
          {contactSuccess()}
        </p>
      )}
      {result === 'error' && (
        <p className="form-message form-message-error" role="alert">
          {contactFailure()}
        </p>
      )}
      {fields.map((field) => {
        const error = errors[field.name]?.message;
        return (
          <div className="field" key={field.name}>
            <label className="field-label" htmlFor={`${id}-${field.name}`}>
              {field.label}
            </label>
            <input
              id={`${id}-${field.name}`}
              type={field.type}
              className="input"
              autoComplete={field.autoComplete}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-${field.name}-error` : undefined}
              {...register(field.name)}
            />
            {error && (
              <p id={`${id}-${field.name}-error`} className="field-error">
                {knownMessage(error)}
              </p>
            )}
          </div>
        );
      })}
      <div className="field">
        <label className="field-label" htmlFor={`${id}-message`}>
          {t`Message`}
        </label>
        <textarea
          id={`${id}-message`}
          className="input"
          rows={5}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? `${id}-message-error` : undefined}
          {...register('message')}
        />
        {errors.message && (
          <p id={`${id}-message-error`} className="field-error">
            {knownMessage(errors.message.message)}
          </p>
        )}
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
        {isSubmitting && <span className="spinner spinner-sm" aria-hidden="true" />}
        {isSubmitting ? t`Sending...` : t`Send Message`}
      </button>
    </form>
  );
}
