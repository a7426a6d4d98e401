// The console's labelled inputs, each tied to its error message (aria-describedby).
import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { LabelledField } from '@web/components/ui/labelled-field';

interface FieldProps {
  label: string;
  error?: string;
}

export function Field({ label, error, id, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <LabelledField label={label} error={error} id={id}>
      {(control) => <input {...input} {...control} className="input" />}
    </LabelledField>
  );
}

export function AreaField({ label, error, id, ...input }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <LabelledField label={label} error={error} id={id}>
      {(control) => <textarea {...input} {...control} className="input" />}
    </LabelledField>
  );
}

export function CheckField({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="staff-switch">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  );
}
