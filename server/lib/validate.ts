// Request validation with the module's zod schema. A failure is the API's 400 shape:
// {success:false, message, errors:[{msg, param}]}, the message being the first field's.
import { validator } from 'hono/validator';
import type { z } from 'zod';
import { badRequest, type FieldError } from './errors';

export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({ msg: issue.message, param: issue.path.map(String).join('.') }));
}

export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = fieldErrors(result.error);
  throw badRequest(errors[0]?.msg ?? 'Invalid input', errors, 'validation_error');
}

export const jsonBody = <S extends z.ZodType>(schema: S) =>
  validator('json', (value) => parseOrThrow(schema, value ?? {}) as z.output<S>);

export const queryParams = <S extends z.ZodType>(schema: S) =>
  validator('query', (value) => parseOrThrow(schema, value) as z.output<S>);
