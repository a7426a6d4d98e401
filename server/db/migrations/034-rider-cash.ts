// Each rider's cash (the cash module's): a running account (cash in hand, variance) that a collection
// and a handover update under the row's lock, every entry behind it, and the handovers staff count
// and the rider confirms with a code sent to their phone.
import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    CREATE TABLE rider_cash (
      rider_id text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      in_hand_minor integer NOT NULL DEFAULT 0,
      variance_minor integer NOT NULL DEFAULT 0,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE rider_handovers (
      id text PRIMARY KEY,
      rider_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      counted_minor integer NOT NULL CHECK (counted_minor >= 0),
      note text,
      code_hash text NOT NULL,
      wrong_tries integer NOT NULL DEFAULT 0,
      requested_by text REFERENCES users(id) ON DELETE SET NULL,
      requested_by_name text NOT NULL,
      requested_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      confirmed_at timestamptz,
      cancelled_at timestamptz
    );
    CREATE INDEX rider_handovers_rider ON rider_handovers(rider_id, requested_at);
    CREATE TABLE rider_cash_entries (
      id serial PRIMARY KEY,
      rider_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('collected', 'handover')),
      order_id text REFERENCES orders(id) ON DELETE SET NULL,
      handover_id text REFERENCES rider_handovers(id) ON DELETE SET NULL,
      amount_minor integer NOT NULL,
      expected_minor integer,
      variance_minor integer NOT NULL DEFAULT 0,
      note text,
      by_id text REFERENCES users(id) ON DELETE SET NULL,
      by_name text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX rider_cash_entries_rider ON rider_cash_entries(rider_id, id);
    CREATE INDEX rider_cash_entries_day ON rider_cash_entries(created_at);
  `,
  );
}
