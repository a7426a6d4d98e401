// What keeping shown counts within a second costs, two ways, on PostgreSQL (second process):
// - a change notice with every order: the stock write an order makes (lock the row, add to reserved,
//   a ledger row), by `connections` clients at once, with and without a NOTIFY in each transaction
//   (in turns, three times each, the median of each);
// - the stock board (modules/stock/stock-board.ts): one read of every counted product's count, at the
//   catalog's size and at `products` counted products, as each busy instance makes about twice a second.
// Prints the figures as JSON.
import pg from 'pg';

interface NoticeCostInput {
  databaseUrl: string;
  connections: number;
  seconds: number;
  products: number;
}

const input = JSON.parse(process.argv[2]) as NoticeCostInput;
const pool = new pg.Pool({ connectionString: input.databaseUrl, max: input.connections + 2 });

/** Stock writes per second for `seconds`, each a transaction as reserveStock makes it, with or without a NOTIFY. */
async function writesPerSecond(productIds: string[], notify: boolean): Promise<number> {
  const deadline = Date.now() + input.seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: input.connections }, async (_, worker) => {
      const client = await pool.connect();
      try {
        for (let round = 0; Date.now() < deadline; round += 1) {
          const productId = productIds[(worker * 7 + round) % productIds.length];
          await client.query('BEGIN');
          await client.query('SELECT on_hand, reserved FROM stock_levels WHERE product_id = $1 FOR UPDATE', [productId]);
          await client.query("UPDATE stock_levels SET reserved = reserved + 1, version = nextval('stock_versions'), updated_at = now() WHERE product_id = $1", [productId]);
          await client.query("INSERT INTO stock_movements (product_id, kind, reserved_change, order_id) VALUES ($1, 'reserved', 1, 'bench')", [productId]);
          if (notify) await client.query("SELECT pg_notify('isoko_bench_stock', $1)", [`stock ${productId}`]);
          await client.query('COMMIT');
          done += 1;
        }
      } finally {
        client.release();
      }
    }),
  );
  return Math.round(done / input.seconds);
}

/** The board's read of every count, median of 20, in ms. */
async function boardReadMs(): Promise<number> {
  const times: number[] = [];
  for (let index = 0; index < 20; index += 1) {
    const started = performance.now();
    await pool.query('SELECT product_id, on_hand, reserved, low_threshold, version FROM stock_levels');
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return Math.round(times[10] * 100) / 100;
}

// Every seeded product counted, with more than any run sells.
await pool.query("INSERT INTO stock_levels (product_id, on_hand) SELECT id, 1000000 FROM products ON CONFLICT (product_id) DO UPDATE SET on_hand = stock_levels.on_hand + 1000000");
const catalog = (await pool.query<{ product_id: string }>('SELECT product_id FROM stock_levels')).rows.map((row) => row.product_id);
// A listener, as every instance keeps one: a notice with nobody listening costs less than in a shop.
const listener = new pg.Client({ connectionString: input.databaseUrl });
await listener.connect();
await listener.query('LISTEN isoko_bench_stock');
let heard = 0;
listener.on('notification', () => (heard += 1));

// Taken in turns, three times each, on a machine whose speed drifts: the median of each.
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const runs: { without: number[]; withNotice: number[] } = { without: [], withNotice: [] };
for (let round = 0; round < 3; round += 1) {
  runs.without.push(await writesPerSecond(catalog, false));
  runs.withNotice.push(await writesPerSecond(catalog, true));
}
const without = median(runs.without);
const withNotice = median(runs.withNotice);
const readCatalog = await boardReadMs();
// A large shop: `products` counted products in all.
await pool.query(
  `INSERT INTO products (id, name, price_minor, image, unit, description, category_id)
   SELECT 'bench-stock-' || n, 'Bench product ' || n, 1000, '/images/placeholder.svg', 'piece', '', (SELECT id FROM categories LIMIT 1)
   FROM generate_series(1, $1::int) AS n ON CONFLICT DO NOTHING`,
  [Math.max(0, input.products - catalog.length)],
);
await pool.query("INSERT INTO stock_levels (product_id, on_hand) SELECT id, 100 FROM products ON CONFLICT DO NOTHING");
const counted = Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM stock_levels')).rows[0].n);
const readLarge = await boardReadMs();
await listener.end();
await pool.end();
console.log(JSON.stringify({ without, withNotice, runs, heard, catalogProducts: catalog.length, readCatalog, counted, readLarge }));
