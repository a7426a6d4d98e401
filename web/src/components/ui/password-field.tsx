// A password input with a show/hide button; the button says what it will do for screen readers.
import { t } from '@lingui/core/macro';
import { forwardRef, useState, type InputHTMLAttributes } from 'react';
import { LabelledField } from '@web/components/ui/labelled-field';
import './password-field.css';

interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
  error?: string;
}

export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField({ label, error, id, ...inputProps }, ref) {
  const [visible, setVisible] = useState(false);
  const lowerLabel = label.toLowerCase();
  return (
    <LabelledField label={label} error={error} id={id}>
      {(control) => (
        <div className="password-field">
          <input {...inputProps} ref={ref} {...control} type={visible ? 'text' : 'password'} className="input" />
          <button
            type="button"
            className="btn btn-ghost password-toggle"
            aria-label={visible ? t`Hide ${lowerLabel}` : t`Show ${lowerLabel}`}
            aria-pressed={visible}
            onClick={() => setVisible((shown) => !shown)}
          >
            {visible ? t`Hide` : t`Show`}
          </button>
        </div>
      )}
    </LabelledField>
  );
});
