// A weekly basket remembers the order it was made from, and an order makes at most one basket:
// pressing "Deliver every week" twice on one order made two baskets, and the same groceries came
// twice each week. Baskets made before this have no order recorded (it was never kept) and stay
// as they are.
import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    ALTER TABLE baskets ADD COLUMN from_order_id text REFERENCES orders(id) ON DELETE SET NULL;
    CREATE UNIQUE INDEX baskets_one_per_order ON baskets(from_order_id) WHERE from_order_id IS NOT NULL;
  `,
  );
}
