// One-time codes by SMS or e-mail serve two purposes now: a password reset, and signing in without a
// password (the rider app). They share the table, the limits and the checks; the purpose keeps a
// code of one kind from being used for the other.
import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    ALTER TABLE password_reset_codes ADD COLUMN purpose text NOT NULL DEFAULT 'reset' CHECK (purpose IN ('reset', 'sign_in'));
  `,
  );
}
