// Every request detail in one place: base /api, 10 s time-out, JSON, the Bearer token, and
// session expiry (docs/product.md sections 7 and 8) for every call. ky itself arrives with the first call
// (its own chunk): a page's first paint asks the server nothing, so a phone's first load need not carry it.
import { t } from '@lingui/core/macro';
import type { HTTPError, KyInstance, Options } from 'ky';
import { knownMessage } from './i18n/known-messages';
import { storage } from './storage';

export const REQUEST_TIMEOUT_MS = 10_000;

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
      ? { message: knownMessage(entry) }
      : { message: knownMessage(String((entry as { msg?: unknown }).msg ?? t`Invalid value`)), field: (entry as { param?: string }).param },
  );
}

/** ky's HTTPError, told by its name: the class itself is in ky's chunk, loaded with the first call. */
const isHttpError = (error: unknown): error is HTTPError => error instanceof Error && error.name === 'HTTPError' && 'response' in error;

/** Turns any thrown value from a call into an ApiError carrying the server's message, or the fallback. */
export async function toApiError(error: unknown, fallback: string): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (isHttpError(error)) {
    let body: Record<string, unknown> | undefined;
    try {
      body = (await error.response.clone().json()) as Record<string, unknown>;
    } catch {
      body = undefined;
    }
    const message = typeof body?.message === 'string' && body.message ? knownMessage(body.message) : fallback;
    const code = typeof body?.error === 'string' ? body.error : 'unknown_error';
    return new ApiError(message, error.response.status, code, fieldErrors(body), body);
  }
  if (error instanceof Error && error.name === 'TimeoutError') {
    return new ApiError(t`The request timed out. Please try again.`, 0, 'timeout');
  }
  return new ApiError(fallback, 0, 'network_error');
}

const createClient = (ky: typeof import('ky').default): KyInstance =>
  ky.create({
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
            throw new ApiError(t`Session expired. Please login again.`, response.status, 'unauthorized');
          }
          return response;
        },
      ],
    },
  });

let client: Promise<KyInstance> | null = null;
function loadClient(): Promise<KyInstance> {
  client ??= import('ky').then(
    (module) => createClient(module.default),
    (error: unknown) => {
      // Offline before ky ever arrived: the next call tries to fetch it again.
      client = null;
      throw error;
    },
  );
  return client;
}

/** A call on its way, read as ky's are: awaited for the Response, or .json() for the parsed body. */
export interface ApiCall extends Promise<Response> {
  json<T = unknown>(): Promise<T>;
}

function call(method: 'get' | 'post' | 'put' | 'delete', url: string, options?: Options): ApiCall {
  const response = loadClient().then((ky) => ky[method](url, options));
  // An empty reply (204) reads as '', as ky's own json() does.
  const json = <T,>() => response.then(async (reply) => {
    const text = await reply.text();
    return (text ? JSON.parse(text) : '') as T;
  });
  return Object.assign(response, { json });
}

/** The shop's API: api.get('cart').json<CartResponse>(), as with a ky instance. */
export const api = {
  get: (url: string, options?: Options) => call('get', url, options),
  post: (url: string, options?: Options) => call('post', url, options),
  put: (url: string, options?: Options) => call('put', url, options),
  delete: (url: string, options?: Options) => call('delete', url, options),
};
