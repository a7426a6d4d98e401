// Trust: counters that limit guessing (shared by every server instance), and phone numbers that
// are proven by a one-time SMS code before they tie a web account to the USSD channel.
import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    CREATE TABLE attempt_counters (
      key text PRIMARY KEY,
      count integer NOT NULL,
      window_started_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX attempt_counters_window ON attempt_counters(window_started_at);
    ALTER TABLE users ADD COLUMN unverified_phone_number text;
    CREATE INDEX users_unverified_phone ON users(unverified_phone_number);
    ALTER TABLE users DROP CONSTRAINT IF EXISTS users_check;
    ALTER TABLE users ADD CONSTRAINT users_has_contact
      CHECK (email IS NOT NULL OR phone_number IS NOT NULL OR unverified_phone_number IS NOT NULL);
    CREATE TABLE phone_verification_codes (
      user_id text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      phone_number text NOT NULL,
      code_hash text NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
  `,
  );
}
