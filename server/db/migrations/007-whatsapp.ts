// WhatsApp: the id of every message delivery acted on, so Meta's retried deliveries act once, even
// when several instances receive them.
import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    CREATE TABLE whatsapp_deliveries (
      message_id text PRIMARY KEY,
      received_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX whatsapp_deliveries_received ON whatsapp_deliveries(received_at);
  `,
  );
}
