// Stock: what is on the shelf, per product that keeps a count (a product without a row sells as
// staff mark it, in stock or not). Counts are numeric, so a measured unit (kg, litre) can hold part of
// one; whole units are kept whole by the stock module. The constraints are the last word on the rule
// the module keeps: nothing is ever reserved past what is on hand, and nothing goes below zero.
// Every change is a row of the ledger (stock_movements); a level is the sum of its product's rows.
// Each change of a level takes a new version from one sequence, so a copy of the counts kept in
// memory can tell an older row from a newer one (modules/stock/stock-board.ts).
import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    CREATE SEQUENCE stock_versions AS integer;
    CREATE TABLE stock_levels (
      product_id text PRIMARY KEY REFERENCES products(id) ON DELETE CASCADE,
      on_hand numeric(12,3) NOT NULL DEFAULT 0,
      reserved numeric(12,3) NOT NULL DEFAULT 0,
      low_threshold numeric(12,3) NOT NULL DEFAULT 5,
      version integer NOT NULL DEFAULT nextval('stock_versions'),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT stock_never_negative CHECK (on_hand >= 0 AND reserved >= 0),
      CONSTRAINT stock_never_oversold CHECK (reserved <= on_hand),
      CONSTRAINT stock_threshold CHECK (low_threshold >= 0)
    );
    CREATE TABLE stock_movements (
      id serial PRIMARY KEY,
      product_id text NOT NULL REFERENCES products(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('received', 'adjusted', 'spoiled', 'reserved', 'released', 'sold')),
      on_hand_change numeric(12,3) NOT NULL DEFAULT 0,
      reserved_change numeric(12,3) NOT NULL DEFAULT 0,
      order_id text,
      note text,
      staff_id text,
      staff_name text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX stock_movements_product ON stock_movements(product_id, id DESC);
    CREATE INDEX stock_movements_order ON stock_movements(order_id) WHERE order_id IS NOT NULL;
  `,
  );
}
