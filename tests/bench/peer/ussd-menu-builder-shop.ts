// The peer: the same first-time caller's journey written with ussd-menu-builder, the way its README
// shows (states with `run` and `next`, async `next` rules that check input against the database,
// sessions in a plain object through menu.sessionConfig), over its own copy of the shop's database
// (same migrations and seeded catalog; PGlite in a fresh folder, or DATABASE_URL). Served by a small
// node:http server on 127.0.0.1:$PORT. The menu is built per request: its README keeps one menu in
// a module variable, but menu.args and menu.val live on that instance, so concurrent callers would
// read each other's input.
// Its statements reach PGlite through the shop's own prepared-statement driver, or with
// PEER_STATEMENTS=pglite-query through PGlite's query(), as a published Kysely dialect for PGlite runs
// them (and as this peer did when the goal was set).
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { sql, type Kysely } from 'kysely';
import UssdMenu from 'ussd-menu-builder';
import { openDatabase } from '@server/db/connect';
import type { Database } from '@server/db/schema';
import { seedCatalogIfEmpty } from '@server/modules/catalog/seed/seed-catalog';

const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.DATA_DIR ?? '',
  pgliteStatements: process.env.PEER_STATEMENTS === 'pglite-query' ? 'pglite-query' : 'prepared',
});
await seedCatalogIfEmpty(database.db);
const db: Kysely<Database> = database.db;

const sessions: Record<string, Record<string, unknown>> = {};
const DISTRICTS = ['Gasabo', 'Kicukiro', 'Nyarugenge'];
const frw = (minor: number) => `frw ${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

async function matches(text: string) {
  return db
    .selectFrom('products')
    .select(['id', 'name', 'unit', 'price_minor', 'offer_price_minor'])
    .where(sql<boolean>`name ilike ${`%${text}%`}`)
    .orderBy('name')
    .limit(4)
    .execute();
}

function buildMenu(): UssdMenu {
  const menu = new UssdMenu();
  menu.sessionConfig({
    start: (sessionId: string) => {
      sessions[sessionId] ??= {};
      return Promise.resolve();
    },
    end: (sessionId: string) => {
      delete sessions[sessionId];
      return Promise.resolve();
    },
    set: (sessionId: string, key: string, value: unknown) => {
      sessions[sessionId][key] = value;
      return Promise.resolve();
    },
    get: (sessionId: string, key: string) => Promise.resolve(sessions[sessionId][key]),
  });

  menu.startState({
    run: () => menu.con('Choose your language:\n1. English\n2. Kinyarwanda\n3. Francais'),
    next: { '1': 'name' },
  });
  menu.state('name', {
    run: () => menu.con('Welcome to Isoko!\nEnter your full name:'),
    next: { '*[a-zA-Z ]+': 'home' },
  });
  menu.state('home', {
    run: async () => {
      const phone = menu.args.phoneNumber;
      await db
        .insertInto('users')
        .values({ id: randomUUID(), full_name: menu.val, phone_number: phone })
        .onConflict((oc) => oc.column('phone_number').doNothing())
        .execute();
      menu.con(`Welcome, ${menu.val}!\nType a product name or choose:\n1. Search products\n2. Categories\n3. My cart`);
    },
    next: {
      // A word searches; the rule asks the database whether anything matches.
      '*[a-zA-Z]+': async () => ((await matches(menu.val)).length ? 'results' : 'home'),
    },
  });
  menu.state('results', {
    run: async () => {
      await menu.session.set('search', menu.val);
      const found = await matches(menu.val);
      menu.con(`Results for "${menu.val}":\n${found.map((p, i) => `${i + 1}. ${p.name} ${frw(p.offer_price_minor ?? p.price_minor)}/${p.unit}`).join('\n')}\n0 Back`);
    },
    next: {
      '*[1-4]': async () => {
        const found = await matches(String(await menu.session.get('search')));
        const picked = found[Number(menu.val) - 1];
        if (!picked) return 'results';
        await menu.session.set('productId', picked.id);
        return 'product';
      },
    },
  });
  menu.state('product', {
    run: async () => {
      const product = await db.selectFrom('products').selectAll().where('id', '=', String(await menu.session.get('productId'))).executeTakeFirstOrThrow();
      menu.con(`${product.name}\n${frw(product.offer_price_minor ?? product.price_minor)}/${product.unit}\n1. Add to cart\n0 Back`);
    },
    next: { '1': 'quantity' },
  });
  menu.state('quantity', {
    run: () => menu.con('Quantity (1-999):\n0 Back'),
    next: {
      '*\\d+': async () => {
        const quantity = Number(menu.val);
        const product = await db.selectFrom('products').select('in_stock').where('id', '=', String(await menu.session.get('productId'))).executeTakeFirst();
        return quantity >= 1 && quantity <= 999 && product?.in_stock ? 'added' : 'quantity';
      },
    },
  });
  menu.state('added', {
    run: async () => {
      const user = await db.selectFrom('users').select('id').where('phone_number', '=', menu.args.phoneNumber).executeTakeFirstOrThrow();
      const productId = String(await menu.session.get('productId'));
      const quantity = Number(menu.val);
      await db
        .insertInto('cart_lines')
        .values({ user_id: user.id, product_id: productId, quantity })
        .onConflict((oc) => oc.columns(['user_id', 'product_id']).doUpdateSet({ quantity: sql`cart_lines.quantity + ${quantity}` }))
        .execute();
      menu.con(`Added ${quantity} to your cart!\n1. Checkout\n2. Shop more\n3. My cart`);
    },
    next: { '1': 'district' },
  });
  menu.state('district', {
    run: () => menu.con(`New address. Choose the district:\n${DISTRICTS.map((d, i) => `${i + 1}. ${d}`).join('\n')}\n0 Back`),
    next: { '*[1-3]': 'street' },
  });
  menu.state('street', {
    run: async () => {
      await menu.session.set('district', DISTRICTS[Number(menu.val) - 1]);
      menu.con('Street or road (e.g. KG 11 Ave):\n0 Back');
    },
    next: { '*.+': 'landmark' },
  });
  menu.state('landmark', {
    run: async () => {
      await menu.session.set('street', menu.val);
      menu.con('A landmark near the door:\n0 Back');
    },
    next: { '*.+': 'phone' },
  });
  menu.state('phone', {
    run: async () => {
      await menu.session.set('landmark', menu.val);
      menu.con(`Phone number for the delivery:\n1. Use ${menu.args.phoneNumber}\n2. Another number\n0 Back`);
    },
    next: { '1': 'window' },
  });
  // The delivery time, as the shop offers it: the schedule's row and the week's booked windows read,
  // the next six windows with room listed (2-hour windows from 08:00 to 20:00 Kigali, UTC+2).
  menu.state('window', {
    run: async () => {
      const schedule = await db.selectFrom('delivery_schedule').selectAll().executeTakeFirstOrThrow();
      const now = Date.now();
      const booked = await db
        .selectFrom('orders')
        .select(['delivery_window_start', sql<number>`count(*)::int`.as('n')])
        .where('delivery_window_start', '>=', new Date(now))
        .where('delivery_window_start', '<', new Date(now + 7 * 86_400_000))
        .groupBy('delivery_window_start')
        .execute();
      const full = new Set(booked.filter((row) => row.n >= schedule.capacity).map((row) => new Date(row.delivery_window_start!).getTime()));
      const hour = 3_600_000;
      const starts: number[] = [];
      for (let start = Math.ceil((now + hour) / (2 * hour)) * 2 * hour; starts.length < 6; start += 2 * hour) {
        const kigaliHour = new Date(start + 2 * hour).getUTCHours();
        if (kigaliHour >= 8 && kigaliHour < 20 && !full.has(start)) starts.push(start);
      }
      await menu.session.set('windows', starts);
      const label = (start: number) => new Date(start + 2 * hour).toISOString().slice(5, 16).replace('T', ' ');
      menu.con(`Choose a delivery time:\n${starts.map((start, i) => `${i + 1}. ${label(start)}`).join('\n')}\n0 Back`);
    },
    next: { '*[1-6]': 'confirm' },
  });
  menu.state('confirm', {
    run: async () => {
      const lines = await db
        .selectFrom('cart_lines')
        .innerJoin('users', 'users.id', 'cart_lines.user_id')
        .innerJoin('products', 'products.id', 'cart_lines.product_id')
        .select(['cart_lines.quantity', 'products.price_minor', 'products.offer_price_minor'])
        .where('users.phone_number', '=', menu.args.phoneNumber)
        .execute();
      const total = lines.reduce((sum, line) => sum + line.quantity * (line.offer_price_minor ?? line.price_minor), 0);
      const windows = (await menu.session.get('windows')) as number[];
      await menu.session.set('window', windows[Number(menu.val) - 1]);
      menu.con(`Confirm order\n${lines.length} items: ${frw(total)}\nTo: ${await menu.session.get('street')}, ${await menu.session.get('district')}\n1. Confirm\n0 Back`);
    },
    next: { '1': 'placed' },
  });
  menu.state('placed', {
    run: async () => {
      const orderId = randomUUID();
      const window = Number(await menu.session.get('window'));
      const address = { street: await menu.session.get('street'), district: await menu.session.get('district'), description: await menu.session.get('landmark'), city: 'Kigali', phoneNumber: menu.args.phoneNumber };
      const amount = await db.transaction().execute(async (trx) => {
        const user = await trx.selectFrom('users').select('id').where('phone_number', '=', menu.args.phoneNumber).forUpdate().executeTakeFirstOrThrow();
        const lines = await trx
          .selectFrom('cart_lines')
          .innerJoin('products', 'products.id', 'cart_lines.product_id')
          .select(['products.id', 'products.name', 'products.image', 'products.unit', 'products.price_minor', 'products.offer_price_minor', 'cart_lines.quantity'])
          .where('cart_lines.user_id', '=', user.id)
          .execute();
        const total = lines.reduce((sum, line) => sum + line.quantity * (line.offer_price_minor ?? line.price_minor), 0);
        const { invoice } = await sql<{ invoice: string }>`select nextval('invoice_numbers')::text as invoice`.execute(trx).then((r) => r.rows[0]);
        await trx.insertInto('orders').values({ id: orderId, user_id: user.id, invoice_number: invoice, amount_minor: total, status: 'pending', payment_type: 'cash', payment_status: 'pending', address: JSON.stringify(address), channel: 'ussd', delivery_window_start: new Date(window), delivery_window_end: new Date(window + 7_200_000) }).execute();
        await trx
          .insertInto('order_lines')
          .values(lines.map((line, position) => ({ order_id: orderId, position, product_id: line.id, product_name: line.name, product_image: line.image, unit: line.unit, quantity: line.quantity, price_minor: line.offer_price_minor ?? line.price_minor, subtotal_minor: line.quantity * (line.offer_price_minor ?? line.price_minor) })))
          .execute();
        await trx.deleteFrom('cart_lines').where('user_id', '=', user.id).execute();
        return total;
      });
      menu.end(`Order ${orderId.slice(-8).toUpperCase()} placed. Pay ${frw(amount)} on delivery.`);
    },
  });
  return menu;
}

const server = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', async () => {
    const form = new URLSearchParams(body);
    if (req.method === 'GET') return res.end('ok');
    const menu = buildMenu();
    menu.on('error', (error: Error) => {
      res.end(`END Sorry: ${error.message}`);
    });
    const reply = await menu.run({
      phoneNumber: form.get('phoneNumber') ?? '',
      sessionId: form.get('sessionId') ?? '',
      serviceCode: form.get('serviceCode') ?? '',
      text: form.get('text') ?? '',
    });
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.end(reply);
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => database.close().then(() => process.exit(0))));
