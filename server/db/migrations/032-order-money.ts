// What an order costs and what was paid for it, kept by the orders module:
// - the delivery fee it was placed with (null while negotiable and not yet agreed at the door);
// - the lines refused at the door (per line, and their value on the order), which come off what is owed;
// - every payment taken (by MoMo request, the MoMo Pay code, cash to a rider, cash at the shop), with
//   the sum on the order and when it was paid in full, so "Sales today" counts only what is paid;
// - on each history row, structured details (a rider and window on "picked up", a reason and the new
//   window on "not delivered") that the shopper's timeline is drawn from.
// Orders paid before this migration get one payment row for their amount.
import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    ALTER TABLE orders ADD COLUMN delivery_fee_minor integer CHECK (delivery_fee_minor IS NULL OR delivery_fee_minor >= 0);
    ALTER TABLE orders ADD COLUMN refused_minor integer NOT NULL DEFAULT 0 CHECK (refused_minor >= 0);
    ALTER TABLE orders ADD COLUMN paid_minor integer NOT NULL DEFAULT 0 CHECK (paid_minor >= 0);
    ALTER TABLE orders ADD COLUMN paid_at timestamptz;
    ALTER TABLE orders ADD COLUMN delivered_at timestamptz;
    ALTER TABLE order_lines ADD COLUMN refused_quantity integer NOT NULL DEFAULT 0 CHECK (refused_quantity >= 0);
    ALTER TABLE order_history ADD COLUMN details jsonb;
    CREATE TABLE order_payments (
      id serial PRIMARY KEY,
      order_id text NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
      method text NOT NULL CHECK (method IN ('cash', 'momo', 'pay_code', 'shop_cash')),
      amount_minor integer NOT NULL CHECK (amount_minor > 0),
      rider_id text REFERENCES users(id) ON DELETE SET NULL,
      momo_transaction_id text,
      recorded_by text,
      recorded_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX order_payments_order ON order_payments(order_id);
    CREATE INDEX order_payments_day ON order_payments(recorded_at);
    CREATE INDEX orders_paid_at ON orders(paid_at) WHERE paid_at IS NOT NULL;
    UPDATE orders SET paid_minor = amount_minor, paid_at = updated_at WHERE payment_status = 'completed';
    UPDATE orders SET delivered_at = updated_at WHERE status = 'delivered';
    INSERT INTO order_payments (order_id, method, amount_minor, momo_transaction_id, recorded_at)
      SELECT id, CASE WHEN momo_state = 'successful' THEN 'momo' ELSE 'pay_code' END, amount_minor, momo_transaction_id, updated_at
      FROM orders WHERE payment_status = 'completed' AND amount_minor > 0;
  `,
  );
}
