// The console's fields besides components/ui's TextField: a text area tied to its error message
// (aria-describedby) and a switch. Each passes its ref on, so react-hook-form's register() fits it.
import { forwardRef, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { LabelledField } from '@web/components/ui/labelled-field';

/** A labelled input: components/ui's TextField, the field every form of the shop uses. */
export { TextField as Field } from '@web/components/ui/text-field';

interface AreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
}

export const AreaField = forwardRef<HTMLTextAreaElement, AreaFieldProps>(function AreaField({ label, error, id, ...input }, ref) {
  return (
    <LabelledField label={label} error={error} id={id}>
      {(control) => <textarea {...input} ref={ref} {...control} className="input" />}
    </LabelledField>
  );
});

interface CheckFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
}

export const CheckField = forwardRef<HTMLInputElement, CheckFieldProps>(function CheckField({ label, ...input }, ref) {
  return (
    <label className="staff-switch">
      <input {...input} ref={ref} type="checkbox" />
      {label}
    </label>
  );
});
