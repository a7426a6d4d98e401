// POST /ussd exactly as Africa's Talking calls it: a form, not JSON, outside /api, and without the shopper's
// token (the gateway never has one; the caller is the phone number). So plain fetch, not the shared ky client.

/** MTN Rwanda (MCC 635, MNC 10): the network most Kigali shoppers dial from. */
export const DEFAULT_NETWORK_CODE = '63510';
const TIMEOUT_MS = 10_000;

export interface UssdRequest {
  sessionId: string;
  serviceCode: string;
  phoneNumber: string;
  networkCode?: string;
  /** Every input of the session so far, joined by '*'; '' on the first request. */
  text: string;
}

export interface UssdAnswer {
  status: number;
  ok: boolean;
  body: string;
}

export function ussdForm(request: UssdRequest): URLSearchParams {
  return new URLSearchParams({
    sessionId: request.sessionId,
    serviceCode: request.serviceCode,
    phoneNumber: request.phoneNumber,
    networkCode: request.networkCode ?? DEFAULT_NETWORK_CODE,
    text: request.text,
  });
}

export async function postUssd(request: UssdRequest): Promise<UssdAnswer> {
  const signal = typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(TIMEOUT_MS) : undefined;
  const response = await fetch('/ussd', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: ussdForm(request).toString(),
    signal,
  });
  // A refusal (403 from a non-loopback caller, 400 on a bad form) is shown as the server wrote it.
  return { status: response.status, ok: response.ok, body: await response.text() };
}
