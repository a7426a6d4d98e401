// The server's errors for a form, read out by screen readers as soon as they appear.
import { knownMessage } from '@web/lib/i18n/known-messages';
import type { ApiFieldError } from '@web/lib/api-client';

export function FormErrorList({ errors }: { errors: ApiFieldError[] }) {
  if (!errors.length) return null;
  return (
    <div className="auth-errors" role="alert">
      {errors.length === 1 ? (
        <p>{knownMessage(errors[0].message)}</p>
      ) : (
        <ul>
          {errors.map((error, index) => (
            <li key={`${error.field ?? ''}-${index}`}>{knownMessage(error.message)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
