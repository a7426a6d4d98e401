// Conversation state (USSD and chat): sessions when CONVERSATION_STORE=db, and what each phone
// number chose (its language) and where it stopped (to offer "continue where you left off").
import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    CREATE TABLE conversation_sessions (
      id text PRIMARY KEY,
      data jsonb NOT NULL,
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX conversation_sessions_expiry ON conversation_sessions(expires_at);
    CREATE TABLE conversation_phones (
      phone_number text PRIMARY KEY,
      language text,
      last_session_id text,
      last_seen_at timestamptz NOT NULL DEFAULT now()
    );
  `,
  );
}
