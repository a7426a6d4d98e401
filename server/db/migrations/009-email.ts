// E-mail leaves the shop (SMTP): a contact-form message is forwarded with its sender as Reply-To,
// kept with the message so a retry sends it the same way; cleared with the text once sent.
import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `ALTER TABLE outbox ADD COLUMN reply_to text;`);
}
