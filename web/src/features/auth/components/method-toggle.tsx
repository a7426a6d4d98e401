// Email or phone: a radio group styled as two segments, so arrow keys move between them as usual.
import { msg, t } from '@lingui/core/macro';
import { i18n, type MessageDescriptor } from '@lingui/core';
import type { IdentifierMethod } from '../form-schemas';

interface MethodToggleProps {
  name: string;
  value: IdentifierMethod;
  onChange: (method: IdentifierMethod) => void;
  legend?: string;
}

const OPTIONS: { value: IdentifierMethod; label: MessageDescriptor }[] = [
  { value: 'email', label: msg`Email` },
  { value: 'phone', label: msg`Phone` },
];

export function MethodToggle({ name, value, onChange, legend = t`Sign in with` }: MethodToggleProps) {
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
          <span>{i18n._(option.label)}</span>
        </label>
      ))}
    </fieldset>
  );
}
