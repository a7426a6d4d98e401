// Indexes the hot reads need once the catalog and the order book grow (npm run bench, scale section):
// each matches a query's filter and its full ORDER BY, so a page is read in index order and stops at
// LIMIT instead of sorting every matching row.
import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    -- Product pages order by created_at DESC, id ASC (catalog.service newestProducts).
    CREATE INDEX IF NOT EXISTS products_newest_page ON products(created_at DESC, id);
    CREATE INDEX IF NOT EXISTS products_category_page ON products(category_id, created_at DESC, id);
    DROP INDEX IF EXISTS products_newest;
    DROP INDEX IF EXISTS products_category;
    -- The operator's order list, newest first, optionally by status or payment status (admin.service).
    CREATE INDEX IF NOT EXISTS orders_newest ON orders(created_at DESC, id DESC);
    CREATE INDEX IF NOT EXISTS orders_status_newest ON orders(status, created_at DESC, id DESC);
    CREATE INDEX IF NOT EXISTS orders_payment_status_newest ON orders(payment_status, created_at DESC, id DESC);
    -- A shopper's orders, newest first with the id as tie-breaker (orders.service).
    CREATE INDEX IF NOT EXISTS orders_user_page ON orders(user_id, created_at DESC, id DESC);
    DROP INDEX IF EXISTS orders_user_newest;
    -- Rating a product recounts its ratings; the primary key starts with user_id.
    CREATE INDEX IF NOT EXISTS ratings_product ON ratings(product_id);
  `,
  );
}
