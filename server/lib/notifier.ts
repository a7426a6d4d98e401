// How the shop tells people things (reset codes, contact messages). Development and tests keep
// every message in the outbox table and the log; an SMS or e-mail provider plugs in here later.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Logger } from './logger';

export interface Notification {
  channel: 'sms' | 'email';
  recipient: string;
  subject: string;
  body: string;
}

export interface Notifier {
  send(notification: Notification): Promise<void>;
}

/** Enough of an address to tell messages apart in a log: +2507…999, a…@example.rw. */
function maskRecipient(recipient: string): string {
  const at = recipient.indexOf('@');
  if (at > 0) return `${recipient[0]}…${recipient.slice(at)}`;
  return recipient.length > 7 ? `${recipient.slice(0, 5)}…${recipient.slice(-3)}` : '…';
}

export function outboxNotifier(db: Kysely<Database>, log: Logger): Notifier {
  return {
    async send(notification) {
      await db.insertInto('outbox').values(notification).execute();
      // Never the body (it may hold a one-time code) nor the whole address: testers read codes from the outbox.
      log.info('notification', { channel: notification.channel, to: maskRecipient(notification.recipient), subject: notification.subject });
    },
  };
}
