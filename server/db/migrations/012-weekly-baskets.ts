// Weekly baskets: a shopper's basket placed as an order every week on a weekday, in a
// window. The job that places them claims each basket (claimed_until, FOR UPDATE SKIP LOCKED); each
// week's outcome is one row (basket_runs, one per basket and week) and the order it placed carries
// its basket and week under a unique index: one order per basket per week, whatever the claims do.
// Kigali dates are text (YYYY-MM-DD): a driver never shifts them by a time zone.
import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    CREATE TABLE baskets (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      weekday integer NOT NULL CHECK (weekday BETWEEN 1 AND 7),
      window_start_minutes integer NOT NULL CHECK (window_start_minutes BETWEEN 0 AND 1439),
      address_id text REFERENCES addresses(id) ON DELETE SET NULL,
      payment_type text NOT NULL DEFAULT 'cash',
      paused boolean NOT NULL DEFAULT false,
      skip_week text,
      next_delivery text NOT NULL,
      next_due_at timestamptz NOT NULL,
      claimed_until timestamptz,
      channel text NOT NULL DEFAULT 'web',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX baskets_user ON baskets(user_id, created_at);
    CREATE INDEX baskets_due ON baskets(next_due_at) WHERE NOT paused;
    CREATE TABLE basket_lines (
      basket_id text NOT NULL REFERENCES baskets(id) ON DELETE CASCADE,
      position integer NOT NULL,
      product_id text NOT NULL,
      product_name text NOT NULL,
      quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 999),
      PRIMARY KEY (basket_id, position)
    );
    CREATE TABLE basket_runs (
      basket_id text NOT NULL REFERENCES baskets(id) ON DELETE CASCADE,
      week text NOT NULL,
      delivery_date text NOT NULL,
      outcome text NOT NULL,
      order_id text REFERENCES orders(id) ON DELETE SET NULL,
      message text,
      recipient text,
      texted_at timestamptz,
      text_claimed_until timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (basket_id, week)
    );
    CREATE INDEX basket_runs_to_text ON basket_runs(created_at) WHERE message IS NOT NULL AND texted_at IS NULL;
    ALTER TABLE orders ADD COLUMN basket_id text;
    ALTER TABLE orders ADD COLUMN basket_week text;
    CREATE UNIQUE INDEX orders_one_per_basket_week ON orders(basket_id, basket_week) WHERE basket_id IS NOT NULL;
  `,
  );
}
