// MTN MoMo Open API, Collections product: request-to-pay. Built from MTN's documentation
// (momodeveloper.mtn.com, Collection: /token/, /v1_0/requesttopay, /v1_0/requesttopay/{referenceId})
// and tested against a local fake (tests/support/fake-momo-collections.ts); never tried against MTN.
//
//   POST {base}/collection/token/                 Authorization: Basic base64(apiUser:apiKey),
//                                                 Ocp-Apim-Subscription-Key; no body
//        200 {access_token, token_type, expires_in}
//   POST {base}/collection/v1_0/requesttopay      Authorization: Bearer <token>, X-Reference-Id (a new
//                                                 UUID v4), X-Target-Environment, X-Callback-Url
//                                                 (optional), Ocp-Apim-Subscription-Key, JSON body
//        {amount: "1500", currency, externalId, payer: {partyIdType: "MSISDN", partyId: "2507…"},
//         payerMessage, payeeNote}                 202 accepted, no body; an error is {code, message}
//   GET  {base}/collection/v1_0/requesttopay/{referenceId}
//        200 {amount, currency, externalId, payer, status: PENDING | SUCCESSFUL | FAILED,
//             financialTransactionId (when SUCCESSFUL), reason (when FAILED: a string or {code, message})}
//        404 RESOURCE_NOT_FOUND: MTN never received a request with that reference id
import type { MomoSettings } from '../../config';

export interface RequestToPayBody {
  amount: string;
  currency: string;
  externalId: string;
  payer: { partyIdType: 'MSISDN'; partyId: string };
  payerMessage: string;
  payeeNote: string;
}

/** What became of a request-to-pay as it was sent. */
export type RequestToPaySent =
  /** 202: MTN took it and is asking the payer for their PIN. */
  | { kind: 'accepted' }
  /** A 4xx: MTN refused it and holds no request under this reference id. */
  | { kind: 'refused'; reason: string }
  /** A 5xx, no answer within the time limit, or no connection: it may or may not exist at MTN. */
  | { kind: 'unknown'; reason: string };

/** What MTN's status endpoint says of a request. */
export type RequestToPayStatus =
  | { kind: 'pending' }
  | { kind: 'successful'; financialTransactionId: string; amount: string; currency: string }
  | { kind: 'failed'; reason: MomoReason }
  /** 404: MTN has no request under this reference id. */
  | { kind: 'not_found' }
  | { kind: 'unknown'; reason: string };

/** MTN's reason for a failure: its code, and its message when it gave one. */
export interface MomoReason {
  code: string;
  message?: string;
}

export interface MomoCollections {
  requestToPay(referenceId: string, body: RequestToPayBody, callbackUrl?: string): Promise<RequestToPaySent>;
  status(referenceId: string): Promise<RequestToPayStatus>;
}

export interface MomoClientOptions {
  fetch?: typeof fetch;
  /** The clock a token's lifetime is measured on (tests move it on). */
  now?: () => number;
}

/** A token is renewed this long before MTN says it expires, so a call never carries one that just ran out. */
const TOKEN_MARGIN_MS = 60_000;

/** MTN sends `reason` as a code string or as {code, message}; a missing one is still a failure. */
export function readReason(reason: unknown): MomoReason {
  if (typeof reason === 'string' && reason.trim()) return { code: reason.trim() };
  if (reason && typeof reason === 'object') {
    const { code, message } = reason as { code?: unknown; message?: unknown };
    const text = typeof message === 'string' && message.trim() ? message.trim() : undefined;
    if (typeof code === 'string' && code.trim()) return { code: code.trim(), ...(text ? { message: text } : {}) };
    if (text) return { code: 'UNKNOWN', message: text };
  }
  return { code: 'UNKNOWN' };
}

/** An error body's {code, message}, for the log and the refusal's reason. */
async function errorOf(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const { code, message } = JSON.parse(text) as { code?: unknown; message?: unknown };
    const parts = [code, message].filter((part): part is string => typeof part === 'string' && part.length > 0);
    if (parts.length) return `HTTP ${response.status} ${parts.join(': ')}`;
  } catch {
    // Not JSON: MTN's gateway answers some failures with plain text or nothing.
  }
  return `HTTP ${response.status}${text ? ` ${text.slice(0, 200)}` : ''}`;
}

const failureOf = (error: unknown) =>
  error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError') ? 'MTN did not answer in time' : `MTN unreachable: ${error instanceof Error ? error.message : String(error)}`;

class TokenRefused extends Error {}

export function momoCollections(settings: MomoSettings, options: MomoClientOptions = {}): MomoCollections {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const base = `${settings.baseUrl}/collection`;
  // This instance's token: each instance asks for its own, so nothing here is shared state.
  let token: { value: string; renewAt: number } | undefined;
  let asking: Promise<string> | undefined;

  async function fetchToken(signal: AbortSignal): Promise<string> {
    const response = await doFetch(`${base}/token/`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${settings.apiUser}:${settings.apiKey}`).toString('base64')}`,
        'Ocp-Apim-Subscription-Key': settings.subscriptionKey,
      },
      signal,
    });
    if (!response.ok) throw new TokenRefused(`token refused: ${await errorOf(response)}`);
    const body = (await response.json()) as { access_token?: unknown; expires_in?: unknown };
    if (typeof body.access_token !== 'string' || !body.access_token) throw new TokenRefused('token answer without access_token');
    const lifetimeMs = Math.max(0, Number(body.expires_in) || 0) * 1000;
    token = { value: body.access_token, renewAt: now() + Math.max(lifetimeMs - TOKEN_MARGIN_MS, lifetimeMs / 2) };
    return body.access_token;
  }

  /** The cached token while it has time left; callers at the same moment share one request for a new one. */
  function bearer(signal: AbortSignal): Promise<string> {
    if (token && now() < token.renewAt) return Promise.resolve(token.value);
    asking ??= fetchToken(signal).finally(() => {
      asking = undefined;
    });
    return asking;
  }

  /** A call with the token; a 401 means MTN ended the token early: one more try with a new one. */
  async function call(path: string, init: (accessToken: string) => RequestInit, signal: AbortSignal): Promise<Response> {
    const first = await doFetch(`${base}${path}`, { ...init(await bearer(signal)), signal });
    if (first.status !== 401) return first;
    await first.body?.cancel();
    token = undefined;
    return doFetch(`${base}${path}`, { ...init(await bearer(signal)), signal });
  }

  const commonHeaders = (accessToken: string) => ({
    Authorization: `Bearer ${accessToken}`,
    'X-Target-Environment': settings.targetEnvironment,
    'Ocp-Apim-Subscription-Key': settings.subscriptionKey,
  });

  return {
    async requestToPay(referenceId, body, callbackUrl) {
      const signal = AbortSignal.timeout(settings.timeoutMs);
      // Without a token nothing is sent, so MTN holds no request under this reference id.
      try {
        await bearer(signal);
      } catch (error) {
        return { kind: 'refused', reason: error instanceof TokenRefused ? error.message : `no token: ${failureOf(error)}` };
      }
      try {
        const response = await call(
          '/v1_0/requesttopay',
          (accessToken) => ({
            method: 'POST',
            headers: {
              ...commonHeaders(accessToken),
              'X-Reference-Id': referenceId,
              ...(callbackUrl ? { 'X-Callback-Url': callbackUrl } : {}),
              'Content-Type': 'application/json',
            },
            body: JSON.stringify(body),
          }),
          signal,
        );
        if (response.status === 202) {
          await response.body?.cancel();
          return { kind: 'accepted' };
        }
        const reason = await errorOf(response);
        // 409 RESOURCE_ALREADY_EXIST: a request under this very reference id is already at MTN.
        if (response.status === 409) return { kind: 'accepted' };
        return response.status < 500 ? { kind: 'refused', reason } : { kind: 'unknown', reason };
      } catch (error) {
        return { kind: 'unknown', reason: error instanceof TokenRefused ? error.message : failureOf(error) };
      }
    },

    async status(referenceId) {
      const signal = AbortSignal.timeout(settings.timeoutMs);
      try {
        const response = await call(`/v1_0/requesttopay/${encodeURIComponent(referenceId)}`, (accessToken) => ({ method: 'GET', headers: commonHeaders(accessToken) }), signal);
        if (response.status === 404) {
          await response.body?.cancel();
          return { kind: 'not_found' };
        }
        if (!response.ok) return { kind: 'unknown', reason: await errorOf(response) };
        const result = (await response.json()) as { status?: unknown; financialTransactionId?: unknown; amount?: unknown; currency?: unknown; reason?: unknown };
        const status = String(result.status ?? '').toUpperCase();
        if (status === 'SUCCESSFUL') {
          return { kind: 'successful', financialTransactionId: String(result.financialTransactionId ?? ''), amount: String(result.amount ?? ''), currency: String(result.currency ?? '') };
        }
        if (status === 'FAILED') return { kind: 'failed', reason: readReason(result.reason) };
        // PENDING, or a state MTN may add: the payer has not finished; ask again later.
        return { kind: 'pending' };
      } catch (error) {
        return { kind: 'unknown', reason: error instanceof TokenRefused ? error.message : failureOf(error) };
      }
    },
  };
}
