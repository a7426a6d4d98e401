// A labelled input with its validation message tied to it (aria-describedby), used by every form of the
// shop and the console, and the two kinds every account and address form asks for the same way: an
// email and a phone number. Each passes its ref on, so react-hook-form's register() fits it.
import { t } from '@lingui/core/macro';
import { forwardRef, type InputHTMLAttributes } from 'react';
import { LabelledField } from '@web/components/ui/labelled-field';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField({ label, error, id, className, ...inputProps }, ref) {
  return (
    <LabelledField label={label} error={error} id={id} className={className}>
      {(control) => <input {...inputProps} ref={ref} {...control} className="input" />}
    </LabelledField>
  );
});

type PresetFieldProps = Omit<TextFieldProps, 'label'> & { label?: string };

/** An email: the email keyboard and the browser's saved address. */
export const EmailField = forwardRef<HTMLInputElement, PresetFieldProps>(function EmailField({ label = t`Email`, ...props }, ref) {
  return <TextField label={label} type="email" autoComplete="email" inputMode="email" {...props} ref={ref} />;
});

/** A phone number as the shop writes them (+250...): the phone keypad and the browser's saved number. */
export const PhoneField = forwardRef<HTMLInputElement, PresetFieldProps>(function PhoneField({ label = t`Phone number`, ...props }, ref) {
  return <TextField label={label} type="tel" autoComplete="tel" inputMode="tel" placeholder="+250788123456" {...props} ref={ref} />;
});
