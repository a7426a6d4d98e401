// How every console form is saved: checked first with the server's own schema, then sent; a refusal,
// the schema's or the server's, is shown as one message per field (and the server's as a toast too).
// An expired session is the API client's to handle: it sends the user to log in, so nothing is shown.
import { useState } from 'react';
import type { z } from 'zod';
import { toast } from '@web/components/ui/toast';
import { toApiError, type ApiError } from '@web/lib/api-client';

type FieldErrors = Record<string, string>;

/** zod issues as one message per field: the first one wins. */
function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The server's field errors ({message, field}) in the same form. */
function serverFieldErrors(failure: ApiError): FieldErrors {
  const result: FieldErrors = {};
  for (const error of failure.errors) if (error.field) result[error.field] ??= error.message;
  return result;
}

/** failureMessage: the toast when the server's answer says nothing itself. */
export function useStaffSave(failureMessage: string) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  /**
   * Checks input with schema and, when it passes, hands the parsed data to send. conflictField: where a
   * 409 (the name is taken) is shown, a refusal that names no field of its own.
   */
  async function save<Schema extends z.ZodType>(schema: Schema, input: unknown, send: (data: z.output<Schema>) => Promise<void>, conflictField?: string) {
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await send(parsed.data);
    } catch (error) {
      const failure = await toApiError(error, failureMessage);
      if (failure.error === 'unauthorized') return;
      setErrors(conflictField && failure.status === 409 ? { [conflictField]: failure.message } : serverFieldErrors(failure));
      toast.error(failure.message);
    } finally {
      setSaving(false);
    }
  }

  return { errors, saving, save };
}
