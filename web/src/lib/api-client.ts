// Every request detail in one place: base /api, 10 s time-out, JSON, the Bearer token, and
// session expiry (docs/product.md sections 7 and 8) for every call.
import ky, { HTTPError, type KyInstance } from 'ky';
import { storage } from './storage';

export const REQUEST_TIMEOUT_MS = 10_000;
export const SESSION_EXPIRED_MESSAGE = 'Session expired. Please login again.';

export interface ApiFieldError {
  message: string;
  field?: string;
}

/** What a failed call rejects with, whatever went wrong underneath. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly error: string,
    readonly errors: ApiFieldError[] = [],
    readonly data: unknown = undefined,
  ) {
    super(message);
  }
}

type SessionExpiredHandler = () => void;
let onSessionExpired: SessionExpiredHandler = () => {};

/** The auth feature registers what session expiry does (clear the session, toast, go to /login). */
export function setSessionExpiredHandler(handler: SessionExpiredHandler): void {
  onSessionExpired = handler;
}

function isSessionExpiry(status: number, body: { message?: unknown; error?: unknown } | undefined): boolean {
  if (status === 401) return true;
  if (status !== 403) return false;
  const text = `${body?.message ?? ''} ${body?.error ?? ''}`;
  return /token/i.test(text);
}

function fieldErrors(body: Record<string, unknown> | undefined): ApiFieldError[] {
  const list = body?.errors;
  if (!Array.isArray(list)) return [];
  return list.map((entry) =>
    typeof entry === 'string'
      ? { message: entry }
      : { message: String((entry as { msg?: unknown }).msg ?? 'Invalid value'), field: (entry as { param?: string }).param },
  );
}

/** Turns any thrown value from a call into an ApiError carrying the server's message, or the fallback. */
export async function toApiError(error: unknown, fallback: string): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPError) {
    let body: Record<string, unknown> | undefined;
    try {
      body = (await error.response.clone().json()) as Record<string, unknown>;
    } catch {
      body = undefined;
    }
    const message = typeof body?.message === 'string' && body.message ? body.message : fallback;
    const code = typeof body?.error === 'string' ? body.error : 'unknown_error';
    return new ApiError(message, error.response.status, code, fieldErrors(body), body);
  }
  if (error instanceof Error && error.name === 'TimeoutError') {
    return new ApiError('The request timed out. Please try again.', 0, 'timeout');
  }
  return new ApiError(fallback, 0, 'network_error');
}

export const api: KyInstance = ky.create({
  prefixUrl: '/api',
  timeout: REQUEST_TIMEOUT_MS,
  retry: 0,
  headers: { 'Content-Type': 'application/json' },
  hooks: {
    beforeRequest: [
      (request) => {
        const token = storage.getToken();
        if (token) request.headers.set('Authorization', `Bearer ${token}`);
      },
    ],
    afterResponse: [
      async (_request, _options, response) => {
        if (response.ok || (response.status !== 401 && response.status !== 403)) return response;
        let body: { message?: unknown; error?: unknown } | undefined;
        try {
          body = (await response.clone().json()) as typeof body;
        } catch {
          body = undefined;
        }
        if (isSessionExpiry(response.status, body) && storage.getToken()) {
          onSessionExpired();
          throw new ApiError(SESSION_EXPIRED_MESSAGE, response.status, 'unauthorized');
        }
        return response;
      },
    ],
  },
});
