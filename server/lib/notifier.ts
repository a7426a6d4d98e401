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

export function outboxNotifier(db: Kysely<Database>, log: Logger): Notifier {
  return {
    async send(notification) {
      await db.insertInto('outbox').values(notification).execute();
      // The body may hold a one-time code; it is logged only because this notifier is for development.
      log.info('notification', { channel: notification.channel, to: notification.recipient, subject: notification.subject, body: notification.body });
    },
  };
}
