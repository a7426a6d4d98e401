// MTN's callback makes the shop ask MTN's status endpoint now; anyone who learns a callback address can
// replay it, so each request counts the checks its callbacks made, and stops asking past a few (the
// polling job goes on asking at its own pace).
import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `ALTER TABLE momo_requests ADD COLUMN callback_checks integer NOT NULL DEFAULT 0;`);
}
