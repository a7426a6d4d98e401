// The server's refusal of a form, shown where react-hook-form shows the form's own: each field error
// the server names (errors: [{msg, param}] on the wire, ApiFieldError here) under that field, the
// first one per field. Every form of the shop and the console places them this way.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ApiFieldError } from './api-client';

/** Sets each error whose field is one of `fields`; returns how many fields got one. */
export function setServerFieldErrors<Values extends FieldValues>(
  setError: UseFormSetError<Values>,
  errors: readonly ApiFieldError[],
  fields: readonly Path<Values>[],
): number {
  const placed = new Set<Path<Values>>();
  for (const error of errors) {
    const field = fields.find((name) => name === error.field);
    if (!field || placed.has(field)) continue;
    placed.add(field);
    setError(field, { type: 'server', message: error.message });
  }
  return placed.size;
}
