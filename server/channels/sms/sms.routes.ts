// POST /sms/incoming: Africa's Talking's incoming-messages callback, for an SMS sent to the shop's
// short code or number. The gateway posts a form (from, to, text, date, id, linkId, networkCode) and
// signs nothing, so the callback is guarded as /ussd is (ussd.routes.ts: the USSD_SECRET in the URL's
// ?key= or the X-USSD-Secret header; without one, this machine only; in production, no one until it
// is set): anyone else gets 403 and nothing changes. What it reads is a shopper's answer to a
// proposed substitute (docs/packing.md): "1", YES, Yego, Oui take it; "2", NO, Oya, Non leave it out.
// The outcome goes back by SMS in the phone's language, a late answer or one with no question
// waiting included, so the shopper never wonders whether the reply counted. Any other text is not an
// answer: it is logged and left unanswered (a reply to every stray or automated message would cost
// an SMS each, and could answer another machine's messages forever).
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { limitBody } from '../../lib/body-limit';
import type { AppEnv, ShopDeps } from '../../lib/deps';
import { isPhoneLike } from '../../lib/fields';
import { normalizePhone } from '../../lib/phone';
import { answerSubstituteByPhone } from '../../modules/orders/substitute-questions.service';
import { answerText } from './answer-text';
import { USSD_BODY_LIMIT } from '../ussd/ussd-answer';
import { isGatewayCaller, ussdOpen } from '../ussd/ussd.routes';

export const SMS_INCOMING_PATH = '/sms/incoming';

/** The fields Africa's Talking documents for an incoming message; only `from` and `text` are acted on. */
const incomingSms = z.object({
  from: z.string().max(32).refine((value) => isPhoneLike(value.trim())),
  text: z.string().max(1600),
  to: z.string().max(32).optional(),
  id: z.string().max(200).optional(),
  date: z.string().max(64).optional(),
  linkId: z.string().max(200).optional(),
  networkCode: z.string().max(16).optional(),
});

const ACCEPT_WORDS: ReadonlySet<string> = new Set(['1', 'yes', 'yego', 'oui']);
const REFUSE_WORDS: ReadonlySet<string> = new Set(['2', 'no', 'oya', 'non']);

/** true (take it), false (leave it out), or undefined when the text is not an answer: its first word decides ("Yes!", "oya murakoze"). */
export function answerIn(text: string): boolean | undefined {
  const word = text.trim().toLowerCase().split(/\s+/)[0]?.replace(/[.!?,;:]+$/, '') ?? '';
  if (ACCEPT_WORDS.has(word)) return true;
  if (REFUSE_WORDS.has(word)) return false;
  return undefined;
}

async function formFields(c: Context): Promise<Record<string, string>> {
  const body = await c.req.parseBody();
  return Object.fromEntries(Object.entries(body).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : [])));
}

export function smsRoutes(deps: ShopDeps) {
  const secret = deps.config.ussd.secret;
  return new Hono<AppEnv>().use(limitBody(USSD_BODY_LIMIT, (c) => c.text('Too large', 413))).post('/', async (c) => {
    if (!ussdOpen(deps) || !isGatewayCaller(c, secret)) {
      deps.log.warn('sms_incoming_refused', {});
      return c.text('Not allowed', 403);
    }
    const parsed = incomingSms.safeParse(await formFields(c).catch(() => ({})));
    if (!parsed.success) return c.text('Not an incoming message', 400);
    const from = normalizePhone(parsed.data.from);
    const accept = answerIn(parsed.data.text);
    if (accept === undefined) {
      deps.log.info('sms_incoming_ignored', { reason: 'not an answer to a substitute question', messageId: parsed.data.id ?? '' });
      return c.text('OK', 200);
    }
    const answer = await answerSubstituteByPhone(deps, from, accept);
    if (answer.outcome === 'late' || answer.outcome === 'none') deps.log.info('sms_answer_unused', { outcome: answer.outcome, messageId: parsed.data.id ?? '' });
    await deps.notifier.send({ channel: 'sms', recipient: from, subject: 'Substitute', body: `${deps.config.shop.shopName}: ${answerText(answer)}`, kind: 'substitute_answer' });
    return c.text('OK', 200);
  });
}
