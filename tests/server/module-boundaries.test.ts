// The house rules of docs/decisions/007-owners-rooms.md, read from the server's source: each table has
// one writer (the module, or the one file outside the modules, written against it below), and no two
// modules import each other. A new table needs an owner here; a write from anywhere else fails, and so
// does a write whose table cannot be read from the code.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = path.resolve(import.meta.dirname, '../../server');

/**
 * Who writes each table: a module (`modules/<name>`, any file in it) or one file outside the modules.
 * Anyone else changes the table by calling the owner's function inside their own transaction.
 */
const OWNERS: Readonly<Record<string, string>> = {
  users: 'modules/users',
  phone_verification_codes: 'modules/users',
  // Sign-up, sign-in and resets are the users module's (accounts.service.ts); sessions and roles are auth's.
  password_reset_codes: 'modules/users',
  auth_tokens: 'modules/auth',
  user_roles: 'modules/auth',
  categories: 'modules/catalog',
  products: 'modules/catalog',
  ratings: 'modules/catalog',
  uploaded_images: 'modules/catalog',
  cart_lines: 'modules/cart',
  addresses: 'modules/addresses',
  // Placing, staff's moves, and every payment change (orders/order-payments.service.ts): payments
  // records what MTN did by calling orders, never by writing an order itself.
  orders: 'modules/orders',
  order_lines: 'modules/orders',
  order_history: 'modules/orders',
  // Every payment taken for an order, beside the order's paid sum (order-payments.service.ts).
  order_payments: 'modules/orders',
  momo_requests: 'modules/payments',
  // Counts change only as ledger rows (docs/decisions/012-stock.md): receiving, reserving, selling, releasing.
  stock_levels: 'modules/stock',
  packing_settings: 'modules/packing',
  stock_movements: 'modules/stock',
  delivery_schedule: 'modules/delivery',
  delivery_window_bookings: 'modules/delivery',
  delivery_fees: 'modules/delivery',
  // Riders, their stops, the codes given at the door, what happened at each door, and the rider app's
  // idempotency keys: dispatch records a delivery on the order by calling orders.
  riders: 'modules/dispatch',
  rider_stops: 'modules/dispatch',
  delivery_codes: 'modules/dispatch',
  delivery_attempts: 'modules/dispatch',
  rider_actions: 'modules/dispatch',
  // Each rider's cash: dispatch records what was collected by calling cash.
  rider_cash: 'modules/cash',
  rider_cash_entries: 'modules/cash',
  rider_handovers: 'modules/cash',
  baskets: 'modules/baskets',
  basket_lines: 'modules/baskets',
  basket_runs: 'modules/baskets',
  contact_messages: 'modules/contact',
  outbox: 'lib/notifier.ts',
  attempt_counters: 'lib/attempt-limiter.ts',
  conversation_sessions: 'conversation/sessions.ts',
  conversation_phones: 'conversation/sessions.ts',
  whatsapp_deliveries: 'channels/whatsapp',
};

/** Not writers of the shop's data: migrations change the schema; the move to PostgreSQL copies every table whole. */
const NOT_WRITERS = [/^db\/migrations\//, /^db\/move-to-postgres\.ts$/];

const serverFiles = () =>
  readdirSync(SERVER, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => file.split(path.sep).join('/'))
    .sort();

/** The code without its comments (a comment may show a write as an example). */
const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

interface Write {
  file: string;
  table: string;
}

/** Every table write in a file: Kysely's builders, and SQL written out (insert into, update … set, delete from, truncate). */
function writesIn(file: string, source: string, tables: ReadonlySet<string>): { writes: Write[]; unreadable: string[] } {
  const code = withoutComments(source);
  const writes: Write[] = [];
  const unreadable: string[] = [];
  for (const match of code.matchAll(/\.(insertInto|updateTable|deleteFrom|mergeInto|replaceInto)\(\s*([^)]*)/g)) {
    const table = /^(['"`])([a-z_]+)(\s+as\s+\w+)?\1/.exec(match[2].trim())?.[2];
    if (table) writes.push({ file, table });
    else unreadable.push(`${file}: ${match[0].slice(0, 80)}`);
  }
  const sqlWrites = /\b(?:insert\s+into|delete\s+from|truncate(?:\s+table)?)\s+"?([a-z_]+)"?|\bupdate\s+"?([a-z_]+)"?\s+set\b/gi;
  for (const match of code.matchAll(sqlWrites)) {
    const table = (match[1] ?? match[2]).toLowerCase();
    if (tables.has(table)) writes.push({ file, table });
  }
  return { writes, unreadable };
}

/** The owner a file writes as: its module, or itself. */
const writerOf = (file: string) => (file.startsWith('modules/') ? file.split('/').slice(0, 2).join('/') : file);
const owns = (owner: string, file: string) => writerOf(file) === owner || (!owner.endsWith('.ts') && file.startsWith(`${owner}/`));

/** Writes made by anyone but the table's owner (or to a table with none). */
function secondWriters(files: { file: string; source: string }[], tables: ReadonlySet<string>) {
  const found = files.filter(({ file }) => !NOT_WRITERS.some((pattern) => pattern.test(file))).map(({ file, source }) => writesIn(file, source, tables));
  const writes = found.flatMap((result) => result.writes);
  return {
    writes,
    strangers: writes.filter(({ table, file }) => !OWNERS[table] || !owns(OWNERS[table], file)).map(({ table, file }) => `${file} writes ${table}, which ${OWNERS[table] ?? 'no one'} owns`),
    unreadable: found.flatMap((result) => result.unreadable),
  };
}

/** An order's payment state, which changes only through orders/order-payments.service.ts (placing an order sets its first values). */
const PAYMENT_FIELDS = ['payment_type', 'payment_status', 'momo_state', 'momo_payer_phone', 'momo_transaction_id', 'payment_failure_reason', 'paid_minor', 'paid_at'];
const PAYMENT_WRITER = 'modules/orders/order-payments.service.ts';

/** Updates of the orders table that change a payment field, outside the one file that may. */
function paymentFieldWriters(files: { file: string; source: string }[]): string[] {
  return files
    .filter(({ file }) => file !== PAYMENT_WRITER && !NOT_WRITERS.some((pattern) => pattern.test(file)))
    .flatMap(({ file, source }) => {
      const code = withoutComments(source);
      return [...code.matchAll(/\.updateTable\(\s*['"`]orders['"`]\s*\)/g)].flatMap((match) => {
        const end = code.indexOf('.execute', match.index);
        const statement = code.slice(match.index, end === -1 ? undefined : end);
        return PAYMENT_FIELDS.filter((field) => new RegExp(`\\b${field}\\s*:`).test(statement)).map((field) => `${file} sets orders.${field}`);
      });
    });
}

/** The tables the schema declares (server/db/schema.ts, interface Database). */
function schemaTables(): Set<string> {
  const schema = readFileSync(path.join(SERVER, 'db/schema.ts'), 'utf8');
  const body = /export interface Database \{([\s\S]*?)\n\}/.exec(schema)?.[1] ?? '';
  return new Set([...body.matchAll(/^\s+([a-z_]+):/gm)].map((match) => match[1]));
}

describe('one writer per table', () => {
  const tables = schemaTables();
  const files = serverFiles().map((file) => ({ file, source: readFileSync(path.join(SERVER, file), 'utf8') }));

  it('gives every table of the schema an owner, and names no table the schema lacks', () => {
    expect(tables.size).toBeGreaterThan(20);
    expect([...tables].filter((table) => !OWNERS[table])).toEqual([]);
    expect(Object.keys(OWNERS).filter((table) => !tables.has(table))).toEqual([]);
  });

  it('finds every write in the server made by its table\'s owner', () => {
    const { writes, strangers, unreadable } = secondWriters(files, tables);
    expect(unreadable).toEqual([]);
    expect(strangers).toEqual([]);
    // The scan sees the writes it vouches for: the orders table's, from orders alone.
    expect(writes.filter((write) => write.table === 'orders').length).toBeGreaterThan(3);
    expect(new Set(writes.filter((write) => write.table === 'orders').map((write) => writerOf(write.file)))).toEqual(new Set(['modules/orders']));
  });

  it("changes an order's payment state only through orders/order-payments.service.ts", () => {
    expect(paymentFieldWriters(files)).toEqual([]);
    const staffWrite = "await trx\n  .updateTable('orders')\n  .set({ payment_status: input.paymentStatus, updated_at: new Date() })\n  .where('id', '=', id)\n  .execute();";
    expect(paymentFieldWriters([{ file: 'modules/orders/staff-orders.service.ts', source: staffWrite }])).toEqual(['modules/orders/staff-orders.service.ts sets orders.payment_status']);
    expect(paymentFieldWriters([{ file: 'modules/orders/staff-orders.service.ts', source: "await trx.updateTable('orders').set({ status: 'processing' }).execute();" }])).toEqual([]);
  });

  it('fails a second writer, however it writes', () => {
    const second = (source: string) => secondWriters([{ file: 'modules/payments/payments.service.ts', source }], tables).strangers;
    expect(second("await trx.updateTable('orders').set({ payment_status: 'completed' }).execute();")).toEqual(['modules/payments/payments.service.ts writes orders, which modules/orders owns']);
    expect(second('await trx\n  .insertInto("order_history")\n  .values(row)')).toHaveLength(1);
    expect(second("await trx.deleteFrom('orders as o').execute();")).toHaveLength(1);
    expect(second('await sql`UPDATE orders SET momo_state = ${state} WHERE id = ${id}`.execute(trx);')).toHaveLength(1);
    expect(second('await sql`insert into order_lines (order_id) values (${id})`.execute(trx);')).toHaveLength(1);
    // A table the code names by a variable cannot be checked, so it is refused as well.
    expect(secondWriters([{ file: 'modules/payments/x.ts', source: 'trx.updateTable(table)' }], tables).unreadable).toHaveLength(1);
    // Its own module's writes, words in comments and strings that only look like SQL are not writes.
    expect(second("await trx.updateTable('momo_requests').set({ checks: 1 }).execute(); // trx.updateTable('orders')")).toEqual([]);
    expect(second("const message = 'Could not update orders now';")).toEqual([]);
  });
});

describe('modules', () => {
  /** Which modules each module imports (relative imports into another modules/<name>/). */
  function moduleImports(): Map<string, Set<string>> {
    const imports = new Map<string, Set<string>>();
    for (const file of serverFiles().filter((name) => name.startsWith('modules/'))) {
      const module = file.split('/')[1];
      const source = withoutComments(readFileSync(path.join(SERVER, file), 'utf8'));
      for (const match of source.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), match[1]));
        const other = target.startsWith('modules/') ? target.split('/')[1] : undefined;
        if (other && other !== module) imports.set(module, new Set([...(imports.get(module) ?? []), other]));
      }
    }
    return imports;
  }

  it('no two modules import each other', () => {
    const imports = moduleImports();
    const mutual = [...imports].flatMap(([module, others]) => [...others].filter((other) => module < other && imports.get(other)?.has(module)).map((other) => `${module}<->${other}`));
    expect(mutual).toEqual([]);
    // Orders is what payments, reorder and delivery's neighbours build on: it imports none of them.
    for (const other of ['payments', 'reorder', 'baskets']) expect(imports.get('orders')?.has(other) ?? false, `orders imports ${other}`).toBe(false);
    expect(imports.get('delivery')?.has('orders') ?? false, 'delivery imports orders').toBe(false);
    expect(imports.get('payments')?.has('orders')).toBe(true);
  });
});
