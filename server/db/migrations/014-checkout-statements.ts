// A checkout in fewer statements:
// - each delivery window's booked count, kept as orders take and give back places: listing the
//   windows and checking the one chosen read a row a window instead of counting every order of the
//   coming week, and placing an order takes its place in one statement. The lock row of 011 each
//   placement took becomes the count's row (the same row is still what two shoppers racing for a
//   window's last place queue on); orders already booked are counted in once, here;
// - at most one default address per shopper, as an index: a shopper's first address becomes the
//   default in one insert (two made at once cannot both be), instead of a transaction that locked
//   the shopper. Should a shopper somehow hold two defaults, the oldest stays the default.
import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    ALTER TABLE delivery_window_locks RENAME TO delivery_window_bookings;
    ALTER TABLE delivery_window_bookings DROP COLUMN taken_at;
    ALTER TABLE delivery_window_bookings ADD COLUMN booked integer NOT NULL DEFAULT 0 CHECK (booked >= 0);
    INSERT INTO delivery_window_bookings (window_start, booked)
      SELECT delivery_window_start, count(*) FROM orders
      WHERE delivery_window_start IS NOT NULL AND status <> 'cancelled'
      GROUP BY delivery_window_start
      ON CONFLICT (window_start) DO UPDATE SET booked = excluded.booked;
    UPDATE addresses SET is_default = false
      WHERE is_default AND id NOT IN (SELECT DISTINCT ON (user_id) id FROM addresses WHERE is_default ORDER BY user_id, created_at, id);
    CREATE UNIQUE INDEX addresses_one_default ON addresses(user_id) WHERE is_default;
  `,
  );
}
