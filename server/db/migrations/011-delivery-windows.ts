// Delivery windows: the shop's schedule as one row, the window each order is delivered
// in, and a lock row per window that placing an order takes so two shoppers never both get its
// last place.
import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    CREATE TABLE delivery_schedule (
      id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      days integer[] NOT NULL DEFAULT '{1,2,3,4,5,6,7}',
      open_from_minutes integer NOT NULL DEFAULT 480 CHECK (open_from_minutes BETWEEN 0 AND 1439),
      open_until_minutes integer NOT NULL DEFAULT 1200 CHECK (open_until_minutes BETWEEN 1 AND 1440),
      window_hours integer NOT NULL DEFAULT 2 CHECK (window_hours BETWEEN 1 AND 12),
      capacity integer NOT NULL DEFAULT 20 CHECK (capacity >= 1),
      same_day_cutoff_minutes integer NOT NULL DEFAULT 840 CHECK (same_day_cutoff_minutes BETWEEN 0 AND 1440),
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by text
    );
    INSERT INTO delivery_schedule (id) VALUES (1);
    ALTER TABLE orders ADD COLUMN delivery_window_start timestamptz;
    ALTER TABLE orders ADD COLUMN delivery_window_end timestamptz;
    CREATE INDEX orders_delivery_window ON orders(delivery_window_start) WHERE delivery_window_start IS NOT NULL;
    CREATE TABLE delivery_window_locks (
      window_start timestamptz PRIMARY KEY,
      taken_at timestamptz NOT NULL DEFAULT now()
    );
  `,
  );
}
