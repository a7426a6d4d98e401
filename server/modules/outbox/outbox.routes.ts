// GET /api/dev/outbox: the latest one-time codes, for testers. Mounted only when DEV_OUTBOX=true in
// development (the configuration refuses it in production), and answers this machine only.
import { Hono } from 'hono';
import { socketAddress } from '../../lib/client-address';
import type { AppEnv, ShopDeps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import { normalizePhone } from '../../lib/phone';
import { isPhoneLike } from '../../lib/fields';
import { latestOneTimeCodes } from './outbox.service';

const LOOPBACK: ReadonlySet<string> = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export function devOutboxRoutes(deps: ShopDeps) {
  return new Hono<AppEnv>().get('/', async (c) => {
    if (!LOOPBACK.has(socketAddress(c) ?? '')) throw notFound('Not found');
    const to = c.req.query('to')?.trim();
    const recipient = to && isPhoneLike(to) ? normalizePhone(to) : to?.toLowerCase();
    return c.json({ success: true, codes: await latestOneTimeCodes(deps, { recipient: recipient || undefined }) });
  });
}

export const devOutboxEnabled = (deps: ShopDeps) => deps.config.devOutbox && deps.config.env === 'development';
