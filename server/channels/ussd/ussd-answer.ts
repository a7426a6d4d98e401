// What /ussd answers a gateway's callback, wherever it is read (the route, or Node's request handler
// in ussd-lane.ts): the request read by the gateway's adapter, the conversation's next screen, or an
// "END" apology; never an HTTP error for a failure of ours.
import { conversationFor } from '../../conversation/conversation';
import { en } from '../../conversation/i18n/en';
import type { ShopDeps } from '../../lib/deps';
import { sameSecret } from '../../lib/secrets';
import { ussdTurn } from './ussd-turn';
import type { UssdGateway, UssdResponse } from './gateway';

/** A gateway's form is a few short fields; a larger body is refused unread (Connection: close). */
export const USSD_BODY_LIMIT = 16 * 1024;

const LOOPBACK_ADDRESSES: ReadonlySet<string> = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Whether the caller is the gateway: the secret it gave when one is configured, else this machine only. */
export function isGateway(given: string | undefined, address: () => string | undefined, secret: string | undefined): boolean {
  if (secret) return sameSecret(given, secret);
  const from = address();
  return from !== undefined && LOOPBACK_ADDRESSES.has(from);
}

export interface UssdAnswer {
  status: 200 | 400;
  response: UssdResponse;
}

/** The answer to one callback from the gateway, its form fields read by `fields`. */
export async function ussdAnswer(deps: ShopDeps, gateway: UssdGateway, fields: () => Promise<Record<string, string>>): Promise<UssdAnswer> {
  try {
    const request = gateway.parse(await fields());
    if (!request) return { status: 400, response: gateway.apology(en['error.apology']) };
    const reply = await ussdTurn(conversationFor(deps), request, gateway);
    return { status: 200, response: gateway.format(reply) };
  } catch (error) {
    deps.log.error('ussd_failed', { gateway: gateway.name, error: error instanceof Error ? error.stack : String(error) });
    return { status: 200, response: gateway.apology(en['error.apology']) };
  }
}
