// Email or phone: a radio group styled as two segments, so arrow keys move between them as usual.
import type { IdentifierMethod } from '../form-schemas';

interface MethodToggleProps {
  name: string;
  value: IdentifierMethod;
  onChange: (method: IdentifierMethod) => void;
  legend?: string;
}

const OPTIONS: { value: IdentifierMethod; label: string }[] = [
  { value: 'email', label: 'Email' },
  { value: 'phone', label: 'Phone' },
];

export function MethodToggle({ name, value, onChange, legend = 'Sign in with' }: MethodToggleProps) {
  return (
    <fieldset className="method-toggle">
      <legend className="visually-hidden">{legend}</legend>
      {OPTIONS.map((option) => (
        <label key={option.value} className={option.value === value ? 'is-active' : undefined}>
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
