// The scale generator: a database of its own (PGlite in the folder given, or DATABASE_URL), migrated
// and seeded as the shop does, then filled in a few set-based statements (generate_series, no row
// by row round trips) to `products` products and `orders` orders with one line each. One shopper,
// bench@example.rw / secret-123, owns `shopperOrders` of them, so an order list can be read.
// Usage: node --import tsx fill-scale.ts '{"dataDir":"/tmp/x","products":100000,"orders":200000,"shopperOrders":200}'
import { sql } from 'kysely';
import { openDatabase } from '@server/db/connect';
import { seedCatalogIfEmpty } from '@server/modules/catalog/seed/seed-catalog';
import { hashPassword } from '@server/lib/passwords';

interface FillInput {
  dataDir: string;
  databaseUrl?: string;
  products: number;
  orders: number;
  shopperOrders: number;
}

export const SCALE_SHOPPER = { email: 'bench@example.rw', password: 'secret-123' };

const input = JSON.parse(process.argv[2]) as FillInput;
const started = performance.now();
const database = await openDatabase({ databaseUrl: input.databaseUrl, dataDir: input.dataDir });
const db = database.db;
await seedCatalogIfEmpty(db);
const { seeded } = await sql<{ seeded: number }>`select count(*)::int as seeded from products`.execute(db).then((r) => r.rows[0]);
const extra = Math.max(0, input.products - seeded);
const users = Math.max(1, Math.ceil(input.orders / 20));

await sql`
  insert into products (id, name, local_name, price_minor, offer_price_minor, image, unit, description, category_id, created_at)
  select 'scale-' || n,
         (array['Fresh','Dried','Organic','Local','Farm','Village','Sweet','Green'])[1 + n % 8] || ' ' ||
         (array['beans','maize','cassava','sorghum','millet','peas','yams','greens','leeks','chillies'])[1 + (n / 8) % 10] || ' lot ' || n,
         null, 10000 + (n % 500) * 100, case when n % 7 = 0 then 9000 + (n % 500) * 100 else null end,
         '/images/default-image.svg', 'kg', 'Generated for the scale bench', c.id,
         now() - interval '2 days' - (n || ' seconds')::interval
  from generate_series(1, ${extra}::int) as n
  join (select id, row_number() over (order by id) - 1 as i, count(*) over () as total from categories) c on c.i = n % c.total
`.execute(db);
await sql`
  insert into users (id, full_name, email, phone_number, password_hash)
  select 'scale-user-' || n, 'Scale shopper ' || n, null, '+2507' || lpad(n::text, 8, '0'), null
  from generate_series(1, ${users}::int) as n
`.execute(db);
await db.insertInto('users').values({ id: 'scale-bench-shopper', full_name: 'Bench Shopper', email: SCALE_SHOPPER.email, password_hash: await hashPassword(SCALE_SHOPPER.password) }).execute();
await sql`
  insert into orders (id, user_id, invoice_number, amount_minor, status, payment_type, payment_status, address, channel, created_at)
  select 'scale-order-' || n,
         case when n <= ${input.shopperOrders}::int then 'scale-bench-shopper' else 'scale-user-' || (1 + n % ${users}::int) end,
         'S' || n, 120000, (array['pending','processing','shipped','delivered'])[1 + n % 4], 'cash', 'pending',
         '{"description":"Blue gate","city":"Kigali","street":"KG 11 Ave","district":"Gasabo","phoneNumber":"0788000000"}'::jsonb,
         'web', now() - (n || ' minutes')::interval
  from generate_series(1, ${input.orders}::int) as n
`.execute(db);
await sql`
  insert into order_lines (order_id, position, product_id, product_name, product_image, unit, quantity, price_minor, subtotal_minor)
  select 'scale-order-' || n, 0, 'tomatoes', 'Tomatoes', '/images/default-image.svg', 'kg', 2, 60000, 120000
  from generate_series(1, ${input.orders}::int) as n
`.execute(db);
await sql`analyze`.execute(db);
await database.close();
console.log(JSON.stringify({ products: seeded + extra, orders: input.orders, users: users + 1, seconds: Math.round((performance.now() - started) / 100) / 10 }));
