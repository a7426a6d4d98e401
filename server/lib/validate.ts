// Request validation with the module's zod schema. A failure is the API's 400 shape:
// {success:false, message, errors:[{msg, param}]}, the message being the first field's.
import { validator } from 'hono/validator';
import type { z } from 'zod';
import { AppError, badRequest, type FieldError } from './errors';
import type { PathParamReply } from './path-params';

export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({ msg: issue.message, param: issue.path.map(String).join('.') }));
}

export function validationError(error: z.ZodError): AppError {
  const errors = fieldErrors(error);
  return badRequest(errors[0]?.msg ?? 'Invalid input', errors, 'validation_error');
}

/** A path id that cannot be one is answered as the route answers an unknown id (path-params.ts). */
export function pathParamError(error: z.ZodError): AppError {
  const issue = error.issues[0];
  const reply = (issue?.code === 'custom' ? issue.params : undefined) as PathParamReply | undefined;
  return new AppError(reply?.status ?? 404, issue?.message ?? 'Not found', reply?.code ?? 'not_found');
}

export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw validationError(result.error);
}

/** The body as JSON; a body that is not JSON is read as `{}`, so the fields' own messages answer it. */
export const jsonBody = <S extends z.ZodType>(schema: S) =>
  validator('json', (value) => parseOrThrow(schema, value ?? {}) as z.output<S>);
