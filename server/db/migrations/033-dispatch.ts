// Riders and their stops (the dispatch module's): who rides for the shop and their cash limit, which
// orders each rider carries and in what order, the 4-digit code the shopper gives at the door (five
// wrong tries lock it for staff), every delivery attempt and what came of it, and the idempotency
// keys of the rider app's actions (an action queued offline and sent twice is done once, on any instance).
import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    CREATE TABLE riders (
      user_id text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      cash_limit_minor integer CHECK (cash_limit_minor IS NULL OR cash_limit_minor >= 0),
      added_at timestamptz NOT NULL DEFAULT now(),
      added_by text REFERENCES users(id) ON DELETE SET NULL
    );
    CREATE TABLE rider_stops (
      order_id text PRIMARY KEY REFERENCES orders(id) ON DELETE CASCADE,
      rider_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      position integer NOT NULL,
      assigned_at timestamptz NOT NULL DEFAULT now(),
      assigned_by text REFERENCES users(id) ON DELETE SET NULL,
      picked_up_at timestamptz
    );
    CREATE INDEX rider_stops_by_rider ON rider_stops(rider_id, position);
    CREATE TABLE delivery_codes (
      order_id text PRIMARY KEY REFERENCES orders(id) ON DELETE CASCADE,
      code text NOT NULL,
      wrong_tries integer NOT NULL DEFAULT 0,
      locked_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE delivery_attempts (
      id serial PRIMARY KEY,
      order_id text NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
      rider_id text REFERENCES users(id) ON DELETE SET NULL,
      outcome text NOT NULL CHECK (outcome IN ('delivered', 'not_delivered')),
      reason text,
      note text,
      collected_method text,
      collected_minor integer NOT NULL DEFAULT 0,
      fee_minor integer,
      refused_minor integer NOT NULL DEFAULT 0,
      refused jsonb NOT NULL DEFAULT '[]',
      override_reason text,
      recorded_by text REFERENCES users(id) ON DELETE SET NULL,
      recorded_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX delivery_attempts_day ON delivery_attempts(recorded_at);
    CREATE INDEX delivery_attempts_order ON delivery_attempts(order_id, id);
    CREATE TABLE rider_actions (
      rider_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      key text NOT NULL,
      action text NOT NULL,
      order_id text NOT NULL,
      answer jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (rider_id, key)
    );
    CREATE INDEX rider_actions_age ON rider_actions(created_at);
  `,
  );
}
