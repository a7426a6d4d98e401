// A label, the control it names and the control's error message tied to it (aria-invalid,
// aria-describedby): the account forms' and the console's fields are all built on it, so a screen
// reader hears every form's errors the same way.
import { knownMessage } from '@web/lib/i18n/known-messages';
import { useId, type ReactNode } from 'react';

export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface LabelledFieldProps {
  label: string;
  error?: string;
  /** The control's id when the caller needs a fixed one; otherwise one is made. */
  id?: string;
  className?: string;
  /** Renders the control with the id and aria attributes it is handed. */
  children: (control: FieldControlProps) => ReactNode;
}

export function LabelledField({ label, error, id, className, children }: LabelledFieldProps) {
  const fallbackId = useId();
  const controlId = id ?? fallbackId;
  const errorId = `${controlId}-error`;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className="field-label" htmlFor={controlId}>
        {label}
      </label>
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined })}
      {error ? (
        <p className="field-error" id={errorId}>
          {knownMessage(error)}
        </p>
      ) : null}
    </div>
  );
}
