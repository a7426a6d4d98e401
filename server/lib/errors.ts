// What a service throws when a request cannot be honoured. Routes turn it into the API's error
// shape; the conversation engine shows its message. Anything else is a 500 with no details.
export interface FieldError {
  msg: string;
  param: string;
}

export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429,
    message: string,
    readonly code: string = 'error',
    readonly errors: FieldError[] = [],
    /** More of the answer, beside message and errors (e.g. the order as it is now, on a 409). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, errors: FieldError[] = [], code = 'bad_request') =>
  new AppError(400, message, code, errors);
export const unauthorized = (message = 'Invalid or expired token') => new AppError(401, message, 'unauthorized');
export const notFound = (message: string, code = 'not_found') => new AppError(404, message, code);
export const conflict = (message: string, errors: FieldError[] = []) => new AppError(409, message, 'conflict', errors);

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
