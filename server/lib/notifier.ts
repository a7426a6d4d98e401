// How the shop tells people things (reset codes, order notices, contact messages). Every message
// is written to the outbox table first. Without a provider the outbox is the delivery (development,
// tests) and the message is logged. With an SMS provider configured, an SMS is sent, and once the
// provider accepted it its text is cleared from the outbox (recipient, kind, status and the
// provider's message id stay); a refused one is kept, marked failed, for retryFailedSms.
// A message being sent is claimed (claimed_until, see lib/jobs.ts): with several instances, only one
// sends it, and a claim left by an instance that died runs out and the message is sent again.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Logger } from './logger';
import type { SmsSender } from './sms/africas-talking-sms';

export interface Notification {
  channel: 'sms' | 'email';
  recipient: string;
  subject: string;
  body: string;
  /** What the message is about ('order_status', 'payment', 'reset_code', ...), kept after the text is cleared. */
  kind?: string;
}

export interface Notifier {
  send(notification: Notification): Promise<void>;
}

export interface NotifierOptions {
  /** Sends the SMS channel; left out, SMS stay in the outbox. */
  sms?: SmsSender;
}

type Db = Kysely<Database>;

/** Longer than the slowest provider call (10 s time-out): a claim this old belongs to an instance that died. */
export const SEND_CLAIM_SECONDS = 120;
const claimLease = () => sql<Date>`now() + make_interval(secs => ${SEND_CLAIM_SECONDS})`;

/** Enough of an address to tell messages apart in a log: +2507…999, a…@example.rw. */
function maskRecipient(recipient: string): string {
  const at = recipient.indexOf('@');
  if (at > 0) return `${recipient[0]}…${recipient.slice(at)}`;
  return recipient.length > 7 ? `${recipient.slice(0, 5)}…${recipient.slice(-3)}` : '…';
}

async function deliverSms(db: Db, log: Logger, sms: SmsSender, id: number, recipient: string, body: string): Promise<boolean> {
  try {
    const { messageId } = await sms.send(recipient, body);
    await db
      .updateTable('outbox')
      .set((eb) => ({ status: 'sent', body: null, provider_message_id: messageId || null, sent_at: new Date(), last_error: null, claimed_until: null, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .execute();
    log.info('sms_sent', { outboxId: id, messageId });
    return true;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await db
      .updateTable('outbox')
      .set((eb) => ({ status: 'failed', last_error: reason.slice(0, 500), claimed_until: null, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .execute();
    // Never the body: it may hold a reset code.
    log.warn('sms_failed', { outboxId: id, reason });
    return false;
  }
}

export function outboxNotifier(db: Db, log: Logger, options: NotifierOptions = {}): Notifier {
  return {
    async send(notification) {
      const sendsNow = notification.channel === 'sms' && options.sms !== undefined;
      const { kind = 'general', ...message } = notification;
      const row = await db
        .insertInto('outbox')
        .values({ ...message, kind, status: sendsNow ? 'sending' : 'kept', claimed_until: sendsNow ? claimLease() : null })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (sendsNow && options.sms) {
        await deliverSms(db, log, options.sms, row.id, notification.recipient, notification.body);
        return;
      }
      // Never the body (it may hold a one-time code) nor the whole address: testers read codes from the outbox.
      log.info('notification', { channel: notification.channel, to: maskRecipient(notification.recipient), subject: notification.subject });
    },
  };
}

/**
 * Sends again the SMS a provider refused or never answered, oldest first, and any whose sender died
 * mid-send (its claim ran out). The messages are claimed in one statement that other instances skip
 * past, so each goes out from one instance only. Returns how many went.
 */
export async function retryFailedSms(db: Db, log: Logger, sms: SmsSender, { limit = 50, maxAttempts = 5 } = {}): Promise<number> {
  const claimed = await db
    .updateTable('outbox')
    .set({ status: 'sending', claimed_until: claimLease() })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('outbox')
        .select('id')
        .where('channel', '=', 'sms')
        .where('attempts', '<', maxAttempts)
        .where('body', 'is not', null)
        .where((row) => row.or([row('status', '=', 'failed'), row.and([row('status', '=', 'sending'), row('claimed_until', '<', sql<Date>`now()`)])]))
        .orderBy('id')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'recipient', 'body'])
    .execute();
  let sent = 0;
  for (const row of claimed.sort((a, b) => a.id - b.id)) {
    if (row.body !== null && (await deliverSms(db, log, sms, row.id, row.recipient, row.body))) sent += 1;
  }
  return sent;
}
