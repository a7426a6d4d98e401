// Background work claimed by one instance at a time: an outbox message being sent holds a lease
// (claimed_until) that other instances' retries skip past until it runs out.
import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    ALTER TABLE outbox ADD COLUMN claimed_until timestamptz;
    CREATE INDEX outbox_sending ON outbox(channel, id) WHERE status = 'sending';
  `,
  );
}
