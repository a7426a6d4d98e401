// MTN MoMo request-to-pay: every request sent to MTN for an order, and what the order shows
// of the latest one. At most one request per order is in flight (a unique index, not a rule in code),
// so a double click, a retried request and two instances cannot charge a shopper twice. A request
// whose result is not known is checked again at next_check_at by one instance (claimed_until).
import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    CREATE TABLE momo_requests (
      reference_id text PRIMARY KEY,
      order_id text NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
      payer_phone text NOT NULL,
      amount text NOT NULL,
      currency text NOT NULL,
      status text NOT NULL DEFAULT 'pending',
      accepted boolean NOT NULL DEFAULT false,
      financial_transaction_id text,
      failure_reason text,
      checks integer NOT NULL DEFAULT 0,
      next_check_at timestamptz NOT NULL,
      claimed_until timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      settled_at timestamptz
    );
    CREATE UNIQUE INDEX momo_requests_one_in_flight ON momo_requests(order_id) WHERE status = 'pending';
    CREATE INDEX momo_requests_due ON momo_requests(next_check_at) WHERE status = 'pending';
    CREATE INDEX momo_requests_order ON momo_requests(order_id, created_at);
    ALTER TABLE orders ADD COLUMN momo_state text;
    ALTER TABLE orders ADD COLUMN momo_payer_phone text;
    ALTER TABLE orders ADD COLUMN payment_failure_reason text;
  `,
  );
}
