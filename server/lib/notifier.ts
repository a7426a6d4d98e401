// How the shop tells people things (reset codes, order notices, contact messages). Every message
// is written to the outbox table first. Without a provider for its channel the outbox is the delivery
// (development, tests) and the message is logged. With one (Africa's Talking for SMS, an SMTP server
// for e-mail, the WhatsApp Cloud API for WhatsApp) the message is then sent, and once the provider accepted it its text is cleared from the
// outbox (recipient, kind, status and the provider's message id stay); a refused or unreachable one is
// kept, marked failed, for retryFailedMessages.
// A message being sent is claimed (claimed_until, see lib/jobs.ts): with several instances, only one
// sends it, and a claim left by an instance that died runs out and the message is sent again.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { EmailSender } from './email/smtp-email';
import type { Logger } from './logger';
import type { SmsSender } from './sms/africas-talking-sms';

export interface Notification {
  channel: 'sms' | 'email' | 'whatsapp';
  recipient: string;
  subject: string;
  body: string;
  /** What the message is about ('order_status', 'payment', 'reset_code', ...), kept after the text is cleared. */
  kind?: string;
  /** E-mail only: where an answer goes (a contact-form message's sender). */
  replyTo?: string;
  /** WhatsApp only: reply buttons under the text (at most three); the tapped one's id comes back in the webhook. */
  buttons?: ReplyButton[];
}

export interface ReplyButton {
  id: string;
  title: string;
}

/** A WhatsApp message as the outbox keeps it (its body is this as JSON, so a retry sends the same buttons). */
export interface WhatsAppNotice {
  text: string;
  buttons: ReplyButton[];
}

export interface WhatsAppSender {
  /** Resolves with the provider's message id once it accepted the message; throws otherwise. */
  send(to: string, notice: WhatsAppNotice): Promise<{ messageId: string }>;
}

export interface Notifier {
  send(notification: Notification): Promise<void>;
}

export interface NotifierOptions {
  /** Sends the SMS channel; left out, SMS stay in the outbox. */
  sms?: SmsSender;
  /** Sends the e-mail channel; left out, e-mail stays in the outbox. */
  email?: EmailSender;
  /** Sends the WhatsApp channel; left out, WhatsApp messages stay in the outbox. */
  whatsapp?: WhatsAppSender;
}

/** An outbox row as it is sent (or sent again). */
interface OutgoingRow {
  id: number;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  reply_to: string | null;
}

type Db = Kysely<Database>;

/** Longer than the slowest provider call (10 s time-outs): a claim this old belongs to an instance that died. */
export const SEND_CLAIM_SECONDS = 120;
const claimLease = () => sql<Date>`now() + make_interval(secs => ${SEND_CLAIM_SECONDS})`;

/** Enough of an address to tell messages apart in a log: +2507…999, a…@example.rw. */
function maskRecipient(recipient: string): string {
  const at = recipient.indexOf('@');
  if (at > 0) return `${recipient[0]}…${recipient.slice(at)}`;
  return recipient.length > 7 ? `${recipient.slice(0, 5)}…${recipient.slice(-3)}` : '…';
}

const CHANNELS = ['sms', 'email', 'whatsapp'] as const;
const sendsChannel = (senders: NotifierOptions, channel: string) => CHANNELS.some((known) => known === channel && senders[known] !== undefined);

/** What the outbox keeps as a WhatsApp message's body. */
const whatsappBody = (text: string, buttons: ReplyButton[] = []) => JSON.stringify({ text, buttons } satisfies WhatsAppNotice);

/** Hands the message to its channel's provider; resolves with the provider's id for it. */
async function handOver(senders: NotifierOptions, row: OutgoingRow): Promise<string> {
  if (row.channel === 'sms' && senders.sms) return (await senders.sms.send(row.recipient, row.body)).messageId;
  if (row.channel === 'whatsapp' && senders.whatsapp) return (await senders.whatsapp.send(row.recipient, JSON.parse(row.body) as WhatsAppNotice)).messageId;
  if (row.channel === 'email' && senders.email) {
    return (await senders.email.send({ to: row.recipient, subject: row.subject, text: row.body, replyTo: row.reply_to ?? undefined })).messageId;
  }
  throw new Error(`no provider for ${row.channel}`);
}

async function deliver(db: Db, log: Logger, senders: NotifierOptions, row: OutgoingRow): Promise<boolean> {
  try {
    const messageId = await handOver(senders, row);
    await db
      .updateTable('outbox')
      .set((eb) => ({ status: 'sent', body: null, reply_to: null, provider_message_id: messageId || null, sent_at: new Date(), last_error: null, claimed_until: null, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', row.id)
      .execute();
    log.info(`${row.channel}_sent`, { outboxId: row.id, messageId });
    return true;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await db
      .updateTable('outbox')
      .set((eb) => ({ status: 'failed', last_error: reason.slice(0, 500), claimed_until: null, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', row.id)
      .execute();
    // Never the body: it may hold a reset code.
    log.warn(`${row.channel}_failed`, { outboxId: row.id, reason });
    return false;
  }
}

export function outboxNotifier(db: Db, log: Logger, senders: NotifierOptions = {}): Notifier {
  return {
    async send(notification) {
      const sendsNow = sendsChannel(senders, notification.channel);
      const { channel, recipient, subject, kind = 'general', replyTo } = notification;
      const body = channel === 'whatsapp' ? whatsappBody(notification.body, notification.buttons) : notification.body;
      const row = await db
        .insertInto('outbox')
        .values({ channel, recipient, subject, body, kind, reply_to: replyTo ?? null, status: sendsNow ? 'sending' : 'kept', claimed_until: sendsNow ? claimLease() : null })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (sendsNow) {
        await deliver(db, log, senders, { id: row.id, channel, recipient, subject, body, reply_to: replyTo ?? null });
        return;
      }
      // Never the body (it may hold a one-time code) nor the whole address: testers read codes from the outbox.
      log.info('notification', { channel, to: maskRecipient(recipient), subject });
    },
  };
}

/**
 * Sends again the messages a provider refused or never answered, oldest first, and any whose sender
 * died mid-send (its claim ran out), on every channel that has a provider. The messages are claimed
 * in one statement that other instances skip past, so each goes out from one instance only. Returns
 * how many went.
 */
export async function retryFailedMessages(db: Db, log: Logger, senders: NotifierOptions, { limit = 50, maxAttempts = 5 } = {}): Promise<number> {
  const channels = CHANNELS.filter((channel) => sendsChannel(senders, channel));
  if (!channels.length) return 0;
  const claimed = await db
    .updateTable('outbox')
    .set({ status: 'sending', claimed_until: claimLease() })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('outbox')
        .select('id')
        .where('channel', 'in', channels)
        .where('attempts', '<', maxAttempts)
        .where('body', 'is not', null)
        .where((row) => row.or([row('status', '=', 'failed'), row.and([row('status', '=', 'sending'), row('claimed_until', '<', sql<Date>`now()`)])]))
        .orderBy('id')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'channel', 'recipient', 'subject', 'body', 'reply_to'])
    .execute();
  let sent = 0;
  for (const row of claimed.sort((a, b) => a.id - b.id)) {
    if (row.body !== null && (await deliver(db, log, senders, { ...row, body: row.body }))) sent += 1;
  }
  return sent;
}
