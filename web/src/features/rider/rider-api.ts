// The rider app's calls, with fetch alone (the app's first load stays small): sign-in by SMS code or
// password, the stops, and the actions the queue sends. Types only from the server's schemas.
import type { DoorReply, RiderStopsReply } from '@server/modules/dispatch/dispatch.schema';

const TOKEN_KEY = 'isoko.rider.token';

export function savedToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function saveToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Private mode: the session lasts as long as the page.
  }
}

/** The server answered and refused: its message, status and error code. */
export class Refused extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
  }
}

/** A call: throws Refused when the server answers with an error, a TypeError when the network is down. */
export async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const token = savedToken();
  const response = await fetch(`/api/${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => ({}))) as { message?: string; error?: string };
  if (!response.ok) throw new Refused(answer.message ?? `The shop answered ${response.status}`, response.status, answer.error ?? '');
  return answer as T;
}

export const askSignInCode = (phoneNumber: string) => call<{ message: string }>('POST', 'auth/sign-in-code', { phoneNumber });

export async function signIn(body: { phoneNumber: string; code: string } | { identifier: string; password: string }): Promise<void> {
  const session = await call<{ token: string; user: { roles?: string[] } }>('POST', 'code' in body ? 'auth/sign-in-with-code' : 'auth/login', body);
  if (!session.user.roles?.includes('rider')) throw new Refused('This account is not a rider of the shop: ask the owner to add you', 403, 'not_rider');
  saveToken(session.token);
}

export const fetchStops = () => call<RiderStopsReply>('GET', 'rider/stops');

export type { DoorReply, RiderStopsReply };
