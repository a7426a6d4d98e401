// Packing the order (docs/packing.md, docs/decisions/017-packing.md). Produce is weighed, not counted:
// quantities of cart and order lines may hold part of a measured unit (1.5 kg), kept as double
// precision so every reader gets a number (they are checked to three decimals where they come in,
// and money is always rounded to whole minor units). A product says how it is sold: a step and a
// minimum (whole units: 1 and 1). Each line carries the shopper's choice for a missing item, and
// each order line what was packed: how much, what replaced it and at what price, and its final
// subtotal; the order its final amount. The shop's packing rules are staff's: the 10% a weighed line
// may come out above its estimate, the default choice for new cart lines, the minutes a shopper has
// to answer a proposed substitute.
import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    ALTER TABLE products ADD COLUMN quantity_step double precision NOT NULL DEFAULT 1;
    ALTER TABLE products ADD COLUMN min_quantity double precision NOT NULL DEFAULT 1;
    ALTER TABLE products ADD CONSTRAINT products_quantity_rule CHECK (quantity_step > 0 AND min_quantity > 0);
    UPDATE products SET quantity_step = 0.5, min_quantity = 0.5 WHERE lower(trim(unit)) IN ('kg', 'g', 'gram', 'grams');
    ALTER TABLE cart_lines DROP CONSTRAINT IF EXISTS cart_lines_quantity_check;
    ALTER TABLE cart_lines ALTER COLUMN quantity TYPE double precision;
    ALTER TABLE cart_lines ADD CONSTRAINT cart_lines_quantity_positive CHECK (quantity > 0);
    ALTER TABLE cart_lines ADD COLUMN substitution text CHECK (substitution IN ('similar', 'none', 'product'));
    ALTER TABLE cart_lines ADD COLUMN substitute_product_id text;
    ALTER TABLE basket_lines DROP CONSTRAINT IF EXISTS basket_lines_quantity_check;
    ALTER TABLE basket_lines ALTER COLUMN quantity TYPE double precision;
    ALTER TABLE basket_lines ADD CONSTRAINT basket_lines_quantity_range CHECK (quantity > 0 AND quantity <= 999);
    ALTER TABLE order_lines DROP CONSTRAINT IF EXISTS order_lines_quantity_check;
    ALTER TABLE order_lines ALTER COLUMN quantity TYPE double precision;
    ALTER TABLE order_lines ADD CONSTRAINT order_lines_quantity_positive CHECK (quantity > 0);
    ALTER TABLE order_lines ADD COLUMN substitution text NOT NULL DEFAULT 'none' CHECK (substitution IN ('similar', 'none', 'product'));
    ALTER TABLE order_lines ADD COLUMN substitute_product_id text;
    ALTER TABLE order_lines ADD COLUMN packed_quantity double precision CHECK (packed_quantity >= 0);
    ALTER TABLE order_lines ADD COLUMN substituted_by text;
    ALTER TABLE order_lines ADD COLUMN substitute_name text;
    ALTER TABLE order_lines ADD COLUMN substitute_unit text;
    ALTER TABLE order_lines ADD COLUMN substitute_price_minor integer;
    ALTER TABLE order_lines ADD COLUMN substitute_answer text CHECK (substitute_answer IN ('asked', 'accepted', 'refused', 'timed_out'));
    ALTER TABLE order_lines ADD COLUMN substitute_answer_by timestamptz;
    ALTER TABLE order_lines ADD COLUMN final_subtotal_minor integer CHECK (final_subtotal_minor >= 0);
    ALTER TABLE orders ADD COLUMN final_amount_minor integer CHECK (final_amount_minor >= 0);
    ALTER TABLE orders ADD COLUMN packed_at timestamptz;
    CREATE TABLE packing_settings (
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      over_estimate_percent integer NOT NULL DEFAULT 10 CHECK (over_estimate_percent BETWEEN 0 AND 100),
      default_substitution text NOT NULL DEFAULT 'similar' CHECK (default_substitution IN ('similar', 'none')),
      answer_minutes integer NOT NULL DEFAULT 10 CHECK (answer_minutes BETWEEN 1 AND 240),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    INSERT INTO packing_settings (id) VALUES (true);
  `,
  );
}
