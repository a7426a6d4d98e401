// POST /ussd: the gateway's callback. Only the gateway may call it (a shared secret in the URL's
// ?key= or an X-USSD-Secret header; with no secret configured, only this machine). It never
// answers 500: whatever fails, the shopper gets an "END" apology and the failure is logged.
// Node's request handler answers a gateway's form post itself (ussd-lane.ts); this route answers the
// rest (another body type, a test calling the app directly), with the same rules (ussd-answer.ts).
import { Hono, type Context } from 'hono';
import { en } from '../../conversation/i18n/en';
import { limitBody } from '../../lib/body-limit';
import { socketAddress } from '../../lib/client-address';
import type { AppEnv, ShopDeps } from '../../lib/deps';
import { africasTalking } from './africas-talking';
import type { UssdGateway, UssdResponse } from './gateway';
import { USSD_BODY_LIMIT, isGateway, ussdAnswer } from './ussd-answer';

/** Whether the caller is the gateway: the secret when one is configured, else this machine only. */
export function isGatewayCaller(c: Context, secret: string | undefined): boolean {
  // Not served by Node (a test calling app.request): no address, so not loopback.
  return isGateway(c.req.query('key') ?? c.req.header('X-USSD-Secret'), () => socketAddress(c), secret);
}

function send(c: Context, response: UssdResponse, status: 200 | 400 | 403 | 503 = 200) {
  return c.body(response.body, status, { 'Content-Type': response.contentType, 'Cache-Control': 'no-store' });
}

async function formFields(c: Context): Promise<Record<string, string>> {
  const body = await c.req.parseBody();
  return Object.fromEntries(Object.entries(body).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : [])));
}

/**
 * In production a missing secret is a mistake, not a development set-up: behind a reverse proxy on
 * the same machine every caller looks like loopback and could act as any phone number. So /ussd
 * answers no one until USSD_SECRET is set.
 */
function refuseEveryCaller(deps: ShopDeps, gateway: UssdGateway) {
  deps.log.error('ussd_secret_missing', { message: 'USSD_SECRET is not set: /ussd is off in production until it is' });
  return new Hono<AppEnv>().all('*', (c) => send(c, gateway.apology('This service is not available.'), 503));
}

/** Whether /ussd is open at all: in production only with a secret. */
export function ussdOpen(deps: ShopDeps): boolean {
  return Boolean(deps.config.ussd.secret) || deps.config.env !== 'production';
}

export function ussdRoutes(deps: ShopDeps, gateway: UssdGateway = africasTalking) {
  const secret = deps.config.ussd.secret;
  if (!ussdOpen(deps)) return refuseEveryCaller(deps, gateway);
  if (!secret) {
    deps.log.warn('ussd_secret_missing', { message: 'USSD_SECRET is not set: /ussd accepts requests from this machine only' });
  }
  return new Hono<AppEnv>()
    // Refused as /api refuses a body (lib/body-limit.ts), with the gateway's apology.
    .use(limitBody(USSD_BODY_LIMIT, (c) => send(c, gateway.apology(en['error.apology']), 400)))
    .post('/', async (c) => {
      if (!isGatewayCaller(c, secret)) {
        deps.log.warn('ussd_refused', { gateway: gateway.name });
        return send(c, gateway.apology('Not allowed'), 403);
      }
      const answer = await ussdAnswer(deps, gateway, () => formFields(c));
      return send(c, answer.response, answer.status);
    });
}
