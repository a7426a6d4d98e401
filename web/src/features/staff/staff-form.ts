// How every console form is saved, with react-hook-form as the storefront's forms are: the form's
// resolver checks it with the server's own schema first and nothing is sent while it refuses; what
// the server then refuses is shown under each field it names, with its message as a toast. A 409
// that names no field of its own (a category name already taken) goes under conflictField. An
// expired session is the API client's to handle: it sends the user to log in, so nothing is shown.
// Saving shows as the form's formState.isSubmitting.
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { toast } from '@web/components/ui/toast';
import { toApiError } from '@web/lib/api-client';
import { setServerFieldErrors } from '@web/lib/server-field-errors';

interface StaffSubmitOptions<Values extends FieldValues> {
  /** The toast when the server's answer says nothing itself. */
  failureMessage: string;
  /** Where a 409 is shown. */
  conflictField?: Path<Values>;
}

/** The form's onSubmit: checks, then hands the schema's output to send, and shows a refusal. */
export function submitStaffForm<Values extends FieldValues, Output>(
  form: UseFormReturn<Values, unknown, Output>,
  { failureMessage, conflictField }: StaffSubmitOptions<Values>,
  send: (data: Output) => Promise<void>,
) {
  return form.handleSubmit(async (data) => {
    try {
      await send(data);
    } catch (error) {
      const failure = await toApiError(error, failureMessage);
      if (failure.error === 'unauthorized') return;
      if (conflictField && failure.status === 409) form.setError(conflictField, { type: 'server', message: failure.message });
      else setServerFieldErrors(form.setError, failure.errors, Object.keys(form.getValues()) as Path<Values>[]);
      toast.error(failure.message);
    }
  });
}
