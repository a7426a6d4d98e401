// A labelled input with its validation message tied to it (aria-describedby), used by every account form.
import { forwardRef, type InputHTMLAttributes } from 'react';
import { LabelledField } from '../../../components/ui/labelled-field';

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
