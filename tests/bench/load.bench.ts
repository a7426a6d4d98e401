// npm run bench load: the shop under load, against the goals of docs/performance.md. Starts the server
// as `npm start` does on a fresh database of its own, loads it from a second process over 127.0.0.1, and
// sets every figure beside a ceiling measured in the same run (a bare Hono app on the same Node). Prints
// one table, writes tests/bench/results/load.json and load.svg (docs/performance.md shows the chart).
// BENCH_SECONDS (default 8) sets each load phase's length; BENCH_CONNECTIONS (default 50);
// BENCH_USSD_SESSIONS (default 200); BENCH_SCALE_PRODUCTS / BENCH_SCALE_ORDERS (100,000 / 200,000).
// Each shop is readied as an operator readies one for a rush: its delivery windows take every order
// the bench places (the default 20 a window would be full after a few hundred).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import { openDatabase } from '../../server/db/connect';
import type { Database } from '../../server/db/schema';
import type { ShopDeps } from '../../server/lib/deps';
import { changeStock } from '../../server/modules/stock/stock.service';
import type { PGliteStatements } from '../../server/db/pglite-dialect';
import { loadAverage, ROOT, runNodeJson, startNode, type Running } from './load/processes';
import { writeReport, type Row } from './load/report';
import type { BenchResult } from './run';
import { startEnvironment, startNodeFlags } from '../support/start-command';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
// BENCH_PARTS: which parts to run (shop = ceiling, catalog, writes, USSD, memory; ussd = only the
// shop's USSD phases, Isoko's and the peer's; stock = the flash sale on PGlite and on two instances
// over PostgreSQL, and catalog reads beside orders; mixed = only those reads beside orders, on PGlite;
// postgres = one instance against two; scale).
const PARTS = new Set((process.env.BENCH_PARTS ?? 'shop,stock,postgres,scale').split(','));
const REPORT_NAME = process.env.BENCH_PARTS ? `load-${[...PARTS].join('-')}` : 'load';
const here = import.meta.dirname;
/** The server as npm start runs it: built once (npm run build:server), then node with the environment and flags its start script gives. */
// BENCH_SERVER: another build of it (an A/B against another branch's build, in the same minutes).
const SERVER = process.env.BENCH_SERVER ?? 'dist/server/main.mjs';
const START_ENV = startEnvironment();
// BENCH_SERVER_FLAGS: more node flags for the server, e.g. --cpu-prof --cpu-prof-dir=.tmp/profile.
const START_FLAGS = [...startNodeFlags(), ...(process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean)];
const startServer = (env: Record<string, string>, args: string[] = []) => startNode(SERVER, { ...START_ENV, ...env }, '/api/health', args, START_FLAGS);
const script = (name: string) => path.join(here, 'load', name);

interface CannonResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  mean: number;
  total: number;
  non2xx: number;
  errors: number;
  bytesPerRequest: number;
}

interface UssdResult {
  hopsPerSecond: number;
  hops: number;
  journeys: number;
  placed: number;
  wrong: number;
  firstWrong: string;
  p50: number;
  p99: number;
  steps: Array<{ p50: number; p99: number }>;
}

const USSD_SESSIONS = Number(process.env.BENCH_USSD_SESSIONS ?? 200);
const USSD_PAUSE_MS = 1000;

async function ussd(label: string, url: string, path: string, paced: boolean, phonePrefix: string, seconds = SECONDS): Promise<UssdResult> {
  const result = await runNodeJson<UssdResult>(
    script('ussd-sessions.ts'),
    { url, path, sessions: USSD_SESSIONS, pauseMs: paced ? USSD_PAUSE_MS : 0, seconds, phonePrefix },
    progress(label),
  );
  if (result.wrong) console.log(`\n  ${label}: ${result.wrong} journeys went wrong, first: ${result.firstWrong}`);
  return result;
}

/** Rows for one USSD implementation: paced per-hop latency, step 12 against step 1, saturation. */
function ussdRows(who: string, paced: UssdResult, saturated: UssdResult, peerSaturated?: UssdResult): Row[] {
  const step1 = paced.steps[0];
  const step12 = paced.steps[11];
  const rows: Row[] = [
    { group: 'ussd', name: `${who}: ${USSD_SESSIONS} paced callers, every hop`, p50: paced.p50, p99: paced.p99, note: `${paced.placed}/${USSD_SESSIONS} orders placed`, goal: who === 'Isoko' ? { p99: 20 } : undefined, ok: paced.placed === USSD_SESSIONS },
    { group: 'ussd', name: `${who}: step 12 / step 1 (p50 ${step12.p50} / ${step1.p50} ms)`, ratio: step12.p50 / Math.max(0.1, step1.p50), goal: who === 'Isoko' ? { ratio: 1.2 } : undefined },
    { group: 'ussd', name: `${who}: hops/s at saturation, no pause`, rps: saturated.hopsPerSecond, p50: saturated.p50, p99: saturated.p99, note: `${saturated.journeys} journeys, ${saturated.wrong} wrong`, ok: saturated.wrong === 0 },
  ];
  if (peerSaturated) {
    rows.push({ group: 'ussd', name: `${who} against the peer, hops/s at saturation`, ratio: saturated.hopsPerSecond / Math.max(1, peerSaturated.hopsPerSecond), goal: { minRatio: 2 } });
  }
  return rows;
}

/**
 * The USSD phases on a running Isoko shop, then the same on the peer (on its own copy of the
 * database, through the shop's prepared-statement driver), then the peer's saturation on PGlite's
 * own query(), as rows. The goal is judged against the first peer.
 */
async function ussdRowsAgainstPeer(shop: Running, warmUp = false): Promise<Row[]> {
  // Alone (BENCH_PARTS=ussd), each server first gets 2 s of unmeasured callers, as the phases before warm it in the shop part.
  if (warmUp) await ussd('USSD: Isoko, warm-up', shop.url, ISOKO_USSD_PATH, false, '90', 2);
  const ourPaced = await ussd('USSD: Isoko, paced callers', shop.url, ISOKO_USSD_PATH, true, '10');
  const ourSaturated = await ussd('USSD: Isoko, saturation', shop.url, ISOKO_USSD_PATH, false, '20');
  const [peerPaced, peerSaturated] = await withPeer('prepared', async (url) => {
    if (warmUp) await ussd('USSD: peer, warm-up', url, '/', false, '91', 2);
    return [await ussd('USSD: peer, paced callers', url, '/', true, '30'), await ussd('USSD: peer, saturation', url, '/', false, '40')];
  });
  // The peer as the baseline measured it: PGlite's own query() under Kysely, no prepared statements.
  const plainSaturated = await withPeer('pglite-query', async (url) => {
    await ussd('USSD: peer on PGlite query(), warm-up', url, '/', false, '92', 2);
    return ussd('USSD: peer on PGlite query(), saturation', url, '/', false, '50');
  });
  return [
    ...ussdRows('Isoko', ourPaced, ourSaturated, peerSaturated),
    ...ussdRows('peer (ussd-menu-builder)', peerPaced, peerSaturated),
    { group: 'ussd', name: "peer on PGlite's own query(): hops/s at saturation, no pause", rps: plainSaturated.hopsPerSecond, p50: plainSaturated.p50, p99: plainSaturated.p99, note: `${plainSaturated.journeys} journeys, ${plainSaturated.wrong} wrong`, ok: plainSaturated.wrong === 0 },
    { group: 'ussd', name: "Isoko against the peer on PGlite's own query(), hops/s at saturation", ratio: ourSaturated.hopsPerSecond / Math.max(1, plainSaturated.hopsPerSecond) },
  ];
}

/** The peer on its own copy of the database (a fresh folder), its statements sent as `statements` says, for `work`. */
async function withPeer<T>(statements: PGliteStatements, work: (url: string) => Promise<T>): Promise<T> {
  const peerDir = mkdtempSync(path.join(tmpdir(), 'isoko-bench-peer-'));
  await readyPgliteFolder(peerDir);
  const peer = await startNode(path.join(here, 'peer/ussd-menu-builder-shop.ts'), { DATA_DIR: peerDir, PEER_STATEMENTS: statements }, '/');
  try {
    return await work(peer.url);
  } finally {
    await peer.stop();
    rmSync(peerDir, { recursive: true, force: true });
  }
}

interface ShoppersResult {
  addsPerSecond: number;
  ordersPerSecond: number;
  addP50: number;
  addP99: number;
  placeP50: number;
  placeP99: number;
  confirmed: number;
  distinctConfirmed: number;
  held: number;
  failures: number;
}

function progress(label: string) {
  return (line: string) => process.stdout.write(`\r  ${label.padEnd(40)} ${line.replace(/^progress /, '')}      `);
}

async function cannon(label: string, url: string, paths: string[], extra: { headers?: Record<string, string>; vary?: boolean } = {}): Promise<CannonResult> {
  const result = await runNodeJson<CannonResult>(script('cannon.ts'), { url, paths, connections: CONNECTIONS, seconds: SECONDS, ...extra }, progress(label));
  process.stdout.write('\r' + ' '.repeat(80) + '\r');
  if (result.non2xx || result.errors) throw new Error(`${label}: ${result.non2xx} non-2xx replies and ${result.errors} errors`);
  return result;
}

export const CATALOG_READS = [
  { name: 'catalog: first page', paths: ['/api/product/getAllProducts?page=1&limit=15'] },
  { name: 'catalog: deep page (6)', paths: ['/api/product/getAllProducts?page=6&limit=15'] },
  { name: 'catalog: typo search "tomatos"', paths: ['/api/product/getAllProducts?search=tomatos'], search: true },
  { name: 'catalog: product details', paths: ['/api/product/getProductDetails/tomatoes'] },
  { name: 'catalog: categories', paths: ['/api/category/getAllCategories'] },
  { name: 'catalog: category products', paths: ['/api/category/vegetables/products?page=1'] },
];

// The server runs as in production, where /ussd answers only a gateway that knows the secret.
const USSD_SECRET = `bench-${randomBytes(12).toString('hex')}`;
const ISOKO_USSD_PATH = `/ussd?key=${USSD_SECRET}`;

/** Places per delivery window in the bench's shops: enough for every order the bench places. */
const BENCH_WINDOW_CAPACITY = 1_000_000;
const RAISE_CAPACITY = `UPDATE delivery_schedule SET capacity = ${BENCH_WINDOW_CAPACITY} WHERE id = 1`;

/**
 * Migrates an embedded database folder (no server holds it) and raises its windows' capacity, as staff
 * would in the console; `prepare` readies more on it (stock counted for a sale).
 */
async function readyPgliteFolder(dataDir: string, prepare?: (db: Kysely<Database>) => Promise<void>): Promise<void> {
  const database = await openDatabase({ dataDir });
  try {
    await database.db.executeQuery({ sql: RAISE_CAPACITY, parameters: [], query: { kind: 'RawNode' } as never, queryId: { queryId: 'bench' } });
    await prepare?.(database.db);
  } finally {
    await database.close();
  }
}

/** The embedded folder again once its server has stopped (PGlite is one process's), for checks after a run. */
async function afterPgliteRun<T>(dataDir: string, check: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir });
  try {
    return await check(database.db);
  } finally {
    await database.close();
  }
}

interface PgliteShopOptions<C> {
  /** Readies the database before the load's start (the server not running). */
  prepare?: (db: Kysely<Database>) => Promise<void>;
  /** Reads the database once the server has stopped. */
  after?: (db: Kysely<Database>) => Promise<C>;
}

/**
 * The shop on embedded PGlite as an operator brings it up: a first start on an empty folder (its
 * memory's high-water mark kept), stopped, the windows' capacity raised, then started again for the
 * load. `run` gets the running shop and the first start's peak in MB.
 */
async function withPgliteShop<T, C = undefined>(run: (server: Running, firstStartMb: number) => Promise<T>, options: PgliteShopOptions<C> = {}): Promise<{ result: T; after?: C }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'isoko-bench-'));
  const env = { DATA_DIR: dataDir, USSD_SECRET };
  try {
    const first = await startServer(env);
    const firstStartMb = first.highWaterMb();
    await first.stop();
    await readyPgliteFolder(dataDir, options.prepare);
    const server = await startServer(env);
    let result: T;
    try {
      result = await run(server, firstStartMb);
    } finally {
      await server.stop();
    }
    return { result, after: options.after ? await afterPgliteRun(dataDir, options.after) : undefined };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * On a PostgreSQL server (scripts/postgres.sh): the same reads, writes and USSD load on one instance,
 * then on two (node:cluster, WEB_CONCURRENCY=2, as npm start runs them), each on a database of its
 * own; the machine's two cores are shared with the load generator, so this is reported, not judged.
 * Memory: every process of the server, each instance (worker) against 150 MB.
 */
async function postgresRows(): Promise<Row[]> {
  const postgres = spawnSync('bash', ['scripts/postgres.sh', 'start'], { cwd: ROOT, encoding: 'utf8' });
  const serverUrl = postgres.stdout.trim();
  if (postgres.status !== 0 || !serverUrl) {
    console.log('  PostgreSQL is not installed here: its figures are skipped');
    return [];
  }
  const rows: Row[] = [];
  try {
    for (const instances of [1, 2]) {
      const database = `isoko_bench_${instances}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      // A database the shop's role owns (PostgreSQL 15 gives no one else the public schema).
      await admin.query(`CREATE DATABASE ${database}`);
      await admin.end();
      const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${database}` }).toString();
      const shop = await startServer({ DATABASE_URL: databaseUrl, WEB_CONCURRENCY: String(instances), CONVERSATION_STORE: 'db', USSD_SECRET });
      try {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        await client.query(RAISE_CAPACITY);
        await client.end();
        const label = `PostgreSQL, ${instances === 1 ? '1 instance' : `${instances} instances (cluster)`}`;
        const page = await cannon(`${label}: first page`, shop.url, ['/api/product/getAllProducts?page=1&limit=15']);
        const search = await cannon(`${label}: search, a new text each time`, shop.url, ['/api/product/getAllProducts?search=tomatos'], { vary: true });
        const writes = await runNodeJson<ShoppersResult>(
          script('shoppers.ts'),
          { url: shop.url, shoppers: CONNECTIONS, seconds: SECONDS, runId: `${5 + instances}${String(Date.now() % 1000).padStart(3, '0')}` },
          progress(`${label}: writes`),
        );
        const saturated = await ussd(`${label}: USSD saturation`, shop.url, ISOKO_USSD_PATH, false, `5${instances}`);
        const perProcess = [...shop.peakRssByProcess().values()];
        rows.push(
          { group: 'postgres', name: `${label}: first page`, rps: page.requestsPerSecond, p50: page.p50, p99: page.p99 },
          { group: 'postgres', name: `${label}: search, a new text each time`, rps: search.requestsPerSecond, p50: search.p50, p99: search.p99 },
          { group: 'postgres', name: `${label}: cart add, ${CONNECTIONS} shoppers`, rps: writes.addsPerSecond, p50: writes.addP50, p99: writes.addP99 },
          { group: 'postgres', name: `${label}: placeOrder, ${CONNECTIONS} shoppers`, rps: writes.ordersPerSecond, p50: writes.placeP50, p99: writes.placeP99, note: `${writes.confirmed} confirmed / ${writes.held} held`, ok: writes.confirmed === writes.held && writes.failures === 0 },
          { group: 'postgres', name: `${label}: USSD hops/s at saturation`, rps: saturated.hopsPerSecond, p50: saturated.p50, p99: saturated.p99, note: `${saturated.journeys} journeys, ${saturated.wrong} wrong`, ok: saturated.wrong === 0 },
          {
            group: 'memory',
            name: `peak RSS per instance, ${label}`,
            mb: Math.max(...(instances === 1 ? perProcess : perProcess.slice(1))),
            note: instances === 1 ? undefined : `primary ${perProcess[0]} MB, workers ${perProcess.slice(1).join(' / ')} MB, all ${shop.highWaterMb()} MB`,
            goal: { mb: 150 },
          },
        );
      } finally {
        await shop.stop();
      }
    }
  } finally {
    spawnSync('bash', ['scripts/postgres.sh', 'stop'], { cwd: ROOT });
  }
  return rows;
}

// ---- stock: the flash sale, and catalog reads beside orders --------------------------------------

/** The flash sale: this many shoppers race for this many units of one product, each ordering this many. */
const FLASH = { productId: 'eggs-tray', units: 100, shoppers: 50, each: 3 };
/** What the mixed phase's shoppers order (shoppers.ts): counted, with more than any run can sell. */
const MIXED_PRODUCTS = ['tomatoes', 'carrots', 'avocados', 'irish-potatoes'];
const MIXED_READS = ['/api/product/getAllProducts?page=1&limit=15', '/api/category/vegetables/products?page=1', '/api/product/getProductDetails/tomatoes'];

interface FlashSaleResult {
  placed: number;
  refused: number;
  failed: string[];
  unitsOrdered: number;
  refusals: string[];
  shown: { inStock: boolean; stock?: { low: boolean; available?: number } };
  seconds: number;
  p50: number;
  p99: number;
}

interface Level {
  onHand: number;
  reserved: number;
  ledger: { onHand: number; reserved: number };
}

const BENCH_STAFF = { id: 'bench', fullName: 'Bench' };

/** Staff count what came in, through the stock module as the console would. */
async function countStock(db: Kysely<Database>, counts: Record<string, number>): Promise<void> {
  for (const [productId, units] of Object.entries(counts)) await changeStock({ db } as ShopDeps, BENCH_STAFF, productId, { change: units, reason: 'received' });
}

/** A product's count and its ledger's sums, as the database holds them. */
async function levelOf(db: Kysely<Database>, productId: string): Promise<Level> {
  const row = await db.selectFrom('stock_levels').select(['on_hand', 'reserved']).where('product_id', '=', productId).executeTakeFirstOrThrow();
  const sums = await db
    .selectFrom('stock_movements')
    .select([sql<string>`sum(on_hand_change)`.as('onHand'), sql<string>`sum(reserved_change)`.as('reserved')])
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();
  return { onHand: Number(row.on_hand), reserved: Number(row.reserved), ledger: { onHand: Number(sums.onHand), reserved: Number(sums.reserved) } };
}

async function flashSale(label: string, url: string, runId: string): Promise<FlashSaleResult> {
  const result = await runNodeJson<FlashSaleResult>(script('flash-sale.ts'), { url, ...FLASH, runId }, progress(label));
  process.stdout.write('\r' + ' '.repeat(80) + '\r');
  return result;
}

/** The flash sale's row: exactly as many orders as the units allow, every other refused naming what is left, nothing oversold. */
function flashRow(where: string, sale: FlashSaleResult, level: Level): Row {
  const orders = Math.floor(FLASH.units / FLASH.each);
  const left = FLASH.units - orders * FLASH.each;
  const consistent = level.onHand === FLASH.units && level.reserved === orders * FLASH.each && level.ledger.onHand === level.onHand && level.ledger.reserved === level.reserved;
  return {
    group: 'stock',
    name: `flash sale, ${where}: ${FLASH.shoppers} shoppers race for ${FLASH.units} units, ${FLASH.each} each`,
    p50: sale.p50,
    p99: sale.p99,
    note:
      `${sale.placed} orders (${sale.unitsOrdered} units), ${sale.refused} refused ("${sale.refusals.join('" / "')}"), ${sale.failed.length} failed, ` +
      `${Math.max(0, sale.unitsOrdered - FLASH.units)} oversold; after: on hand ${level.onHand}, reserved ${level.reserved} (ledger ${level.ledger.onHand} / ${level.ledger.reserved}), ` +
      `shown available ${sale.shown.stock?.available ?? '?'}; ${sale.seconds} s`,
    ok:
      sale.placed === orders &&
      sale.refused === FLASH.shoppers - orders &&
      !sale.failed.length &&
      sale.unitsOrdered === orders * FLASH.each &&
      sale.refusals.every((message) => message.startsWith(`Only ${left} `)) &&
      consistent &&
      sale.shown.stock?.available === left,
  };
}

/**
 * The stock part: on PGlite, the flash sale, then catalog reads with 50 connections while 50 shoppers
 * add to the cart and place orders for products that keep a count (the reads alone first, and the
 * ceiling, in the same run); then the flash sale again on two instances (node:cluster) over PostgreSQL.
 */
async function stockRows(): Promise<Row[]> {
  return [...(await pgliteStockRows(true)), ...(await postgresFlashSale())];
}

/** On PGlite: the flash sale (when `withFlashSale`), then catalog reads beside orders. */
async function pgliteStockRows(withFlashSale: boolean): Promise<Row[]> {
  const rows: Row[] = [];
  let sale: FlashSaleResult | undefined;
  const pglite = await withPgliteShop(
    async (shop) => {
      const ceiling = await startNode(script('ceiling-server.ts'), {}, '/small', [`${shop.url}/api/product/getAllProducts?page=1&limit=15`]);
      let pageCeiling: CannonResult;
      try {
        pageCeiling = await cannon('ceiling: bare Hono, catalog-page body', ceiling.url, ['/page']);
      } finally {
        await ceiling.stop();
      }
      if (withFlashSale) sale = await flashSale('flash sale, PGlite', shop.url, `8${String(Date.now() % 1000).padStart(3, '0')}`);
      const alone = await cannon('mixed: catalog reads alone', shop.url, MIXED_READS);
      // The reads start once the shoppers have signed up (password hashing would otherwise be what they run beside).
      let signedUp!: () => void;
      const ordering = new Promise<void>((resolve) => (signedUp = resolve));
      const orders = runNodeJson<ShoppersResult>(
        script('shoppers.ts'),
        { url: shop.url, shoppers: CONNECTIONS, seconds: SECONDS, runId: `9${String(Date.now() % 1000).padStart(3, '0')}` },
        (line) => line === 'progress signed up' && signedUp(),
      );
      const [reads, writes] = await Promise.all([Promise.race([ordering, orders]).then(() => cannon('mixed: catalog reads beside orders', shop.url, MIXED_READS)), orders]);
      process.stdout.write('\r' + ' '.repeat(80) + '\r');
      return { pageCeiling, alone, reads, writes };
    },
    {
      prepare: (db) => countStock(db, { [FLASH.productId]: FLASH.units, ...Object.fromEntries(MIXED_PRODUCTS.map((id) => [id, 1_000_000])) }),
      after: async (db) => ({ flash: await levelOf(db, FLASH.productId), mixed: await Promise.all(MIXED_PRODUCTS.map((id) => levelOf(db, id))) }),
    },
  );
  const { pageCeiling, alone, reads, writes } = pglite.result;
  if (sale) rows.push(flashRow('PGlite', sale, pglite.after!.flash));
  rows.push({ group: 'stock', name: 'mixed: catalog reads alone (first page, a category, a product), same server', rps: alone.requestsPerSecond, p50: alone.p50, p99: alone.p99, share: alone.requestsPerSecond / pageCeiling.requestsPerSecond });
  rows.push({
    group: 'stock',
    name: `mixed: catalog reads, ${CONNECTIONS} connections, while ${CONNECTIONS} shoppers place orders`,
    rps: reads.requestsPerSecond,
    p50: reads.p50,
    p99: reads.p99,
    share: reads.requestsPerSecond / pageCeiling.requestsPerSecond,
    note: `ceiling ${pageCeiling.requestsPerSecond.toLocaleString('en-US')} req/s`,
    goal: { share: 0.5, p99: 10 },
  });
  const sold = pglite.after!.mixed;
  const held = sold.reduce((sum, level) => sum + level.reserved, 0);
  rows.push({
    group: 'stock',
    name: `mixed: placeOrder while the catalog is read, ${CONNECTIONS} shoppers`,
    rps: writes.ordersPerSecond,
    p50: writes.placeP50,
    p99: writes.placeP99,
    note: `${writes.confirmed} confirmed / ${writes.held} held, ${held.toLocaleString('en-US')} units reserved, ledgers ${sold.every((level) => level.ledger.onHand === level.onHand && level.ledger.reserved === level.reserved) ? 'add up' : 'DO NOT add up'}`,
    goal: { minRps: 300 },
    ok: writes.confirmed === writes.held && writes.failures === 0 && sold.every((level) => level.ledger.reserved === level.reserved),
  });
  return rows;
}

interface NoticeCost {
  without: number;
  withNotice: number;
  runs: { without: number[]; withNotice: number[] };
  heard: number;
  catalogProducts: number;
  readCatalog: number;
  counted: number;
  readLarge: number;
}

/** Counts within a second on every instance, measured both ways: a NOTIFY with each order's stock write, or the board's read of every count. */
async function noticeAgainstBoard(databaseUrl: string): Promise<Row[]> {
  const cost = await runNodeJson<NoticeCost>(script('notice-cost.ts'), { databaseUrl, connections: 20, seconds: Math.max(2, Math.round(SECONDS / 2)), products: 10_000 }, progress('a notice per order, or the board'));
  process.stdout.write('\r' + ' '.repeat(80) + '\r');
  return [
    { group: 'stock', name: "an order's stock write, 20 connections, PostgreSQL: no notice", rps: cost.without, note: `runs ${cost.runs.without.join(' / ')}` },
    {
      group: 'stock',
      name: "an order's stock write, 20 connections, PostgreSQL: a NOTIFY with each",
      rps: cost.withNotice,
      ratio: cost.withNotice / Math.max(1, cost.without),
      note: `runs ${cost.runs.withNotice.join(' / ')}; ${cost.heard.toLocaleString('en-US')} notices heard by one listener; every instance would then read the rows named`,
    },
    { group: 'stock', name: `the board's read of every count: ${cost.catalogProducts} counted products`, note: `${cost.readCatalog} ms (median), about twice a second per busy instance` },
    { group: 'stock', name: `the board's read of every count: ${cost.counted.toLocaleString('en-US')} counted products`, note: `${cost.readLarge} ms (median)` },
  ];
}

/** The flash sale through two instances (node:cluster, one port) of the shop over one PostgreSQL server. */
async function postgresFlashSale(): Promise<Row[]> {
  const postgres = spawnSync('bash', ['scripts/postgres.sh', 'start'], { cwd: ROOT, encoding: 'utf8' });
  const serverUrl = postgres.stdout.trim();
  if (postgres.status !== 0 || !serverUrl) {
    console.log('  PostgreSQL is not installed here: the flash sale on two instances is skipped');
    return [];
  }
  try {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query('CREATE DATABASE isoko_bench_flash');
    await admin.end();
    const databaseUrl = Object.assign(new URL(serverUrl), { pathname: '/isoko_bench_flash' }).toString();
    const shop = await startServer({ DATABASE_URL: databaseUrl, WEB_CONCURRENCY: '2', CONVERSATION_STORE: 'db', USSD_SECRET });
    const database = await openDatabase({ databaseUrl, dataDir: '', poolSize: 2 });
    try {
      await sql.raw(RAISE_CAPACITY).execute(database.db);
      await countStock(database.db, { [FLASH.productId]: FLASH.units });
      const sale = await flashSale('flash sale, PostgreSQL, 2 instances', shop.url, `6${String(Date.now() % 1000).padStart(3, '0')}`);
      const rows = [flashRow('PostgreSQL, 2 instances (cluster)', sale, await levelOf(database.db, FLASH.productId))];
      await shop.stop();
      return [...rows, ...(await noticeAgainstBoard(databaseUrl))];
    } finally {
      await database.close();
      await shop.stop();
    }
  } finally {
    spawnSync('bash', ['scripts/postgres.sh', 'stop'], { cwd: ROOT });
  }
}

const SCALES = [
  { products: 1_000, orders: 2_000 },
  { products: Number(process.env.BENCH_SCALE_PRODUCTS ?? 100_000), orders: Number(process.env.BENCH_SCALE_ORDERS ?? 200_000) },
];

const SCALE_READS: Array<{ name: string; paths: string[]; vary?: boolean; auth?: boolean; goal?: Row['goal'] }> = [
  { name: 'first page', paths: ['/api/product/getAllProducts?page=1&limit=15'] },
  { name: 'deep page (50)', paths: ['/api/product/getAllProducts?page=50&limit=15'] },
  { name: 'search "tomatos", repeated', paths: ['/api/product/getAllProducts?search=tomatos'] },
  // Each text is new to every cache: the search index answers them all (docs/decisions/013-compact-search-index.md).
  { name: 'search, a new text each time', paths: ['/api/product/getAllProducts?search=beans'], vary: true, goal: { ratio: 1.5, p99: 50 } },
  { name: "a shopper's order list", paths: ['/api/order/getUserOrders?page=1'], auth: true },
];
/** The search index of the large catalog, in the heap of the process holding it. */
const SCALE_INDEX_MB = 100;

/** The same reads on a small and a large database, each filled by fill-scale.ts; the large against the small. */
async function scaleRows(): Promise<Row[]> {
  const measured: Array<Map<string, CannonResult>> = [];
  const indexes: Array<{ indexMb: number; buildSeconds: number }> = [];
  const peaks: number[] = [];
  for (const size of SCALES) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'isoko-bench-scale-'));
    try {
      process.stdout.write(`  filling ${size.products.toLocaleString('en-US')} products, ${size.orders.toLocaleString('en-US')} orders…`);
      const filled = await runNodeJson<{ seconds: number }>(script('fill-scale.ts'), { dataDir, products: size.products, orders: size.orders, shopperOrders: 200 });
      console.log(` ${filled.seconds} s`);
      indexes.push(await runNodeJson(script('search-index-heap.ts'), { dataDir }, undefined, ['--expose-gc']));
      const server = await startServer({ DATA_DIR: dataDir });
      try {
        const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ identifier: 'bench@example.rw', password: 'secret-123' }) });
        const { token } = (await login.json()) as { token?: string };
        if (!token) throw new Error(`the scale shopper could not sign in (${login.status})`);
        const results = new Map<string, CannonResult>();
        for (const read of SCALE_READS) {
          results.set(read.name, await cannon(`scale ${size.products}: ${read.name}`, server.url, read.paths, { vary: read.vary, headers: read.auth ? { Authorization: `Bearer ${token}` } : undefined }));
        }
        measured.push(results);
        peaks.push(Math.max(server.peakRssMb(), server.highWaterMb()));
      } finally {
        await server.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const [small, large] = measured;
  const sizes = SCALES.map((size) => size.products.toLocaleString('en-US'));
  const memoryRows: Row[] = [
    {
      group: 'scale',
      name: `scale: search index heap, ${sizes[1]} products`,
      mb: indexes[1].indexMb,
      note: `built in ${indexes[1].buildSeconds} s; ${sizes[0]} products: ${indexes[0].indexMb} MB`,
      goal: { mb: SCALE_INDEX_MB },
    },
    { group: 'scale', name: `scale: peak server RSS, PGlite, ${sizes[1]} products`, mb: peaks[1], note: `${sizes[0]} products: ${peaks[0]} MB`, goal: { mb: 300 } },
  ];
  const readRows = SCALE_READS.map((read): Row => {
    const a = small.get(read.name)!;
    const b = large.get(read.name)!;
    return {
      group: 'scale',
      name: `scale: ${read.name}, mean latency ${SCALES[1].products.toLocaleString('en-US')} / ${SCALES[0].products.toLocaleString('en-US')} products`,
      rps: b.requestsPerSecond,
      p50: b.p50,
      p99: b.p99,
      // No answer at all in the window (everything queued past it) is a miss, never a ratio of 0.
      ratio: a.total && b.total ? b.mean / Math.max(0.01, a.mean) : undefined,
      note: `small: ${a.requestsPerSecond.toLocaleString('en-US')} req/s, p99 ${a.p99} ms`,
      goal: read.goal ?? { ratio: 1.2 },
    };
  });
  return [...readRows, ...memoryRows];
}

export default async function loadBench(): Promise<BenchResult[]> {
  const rows: Row[] = [];
  const built = spawnSync('npm', ['run', '--silent', 'build:server'], { cwd: ROOT, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`npm run build:server failed: ${built.stderr}`);
  const loadBefore = loadAverage();
  console.log(`  ${SECONDS} s per phase, ${CONNECTIONS} connections, load average ${loadBefore}`);

  if (PARTS.has('shop')) await withPgliteShop(async (shop, firstStartMb) => {
    const ceiling = await startNode(script('ceiling-server.ts'), {}, '/small', [`${shop.url}/api/product/getAllProducts?page=1&limit=15`]);
    let smallCeiling: CannonResult;
    let pageCeiling: CannonResult;
    try {
      smallCeiling = await cannon('ceiling: bare Hono, small JSON', ceiling.url, ['/small']);
      pageCeiling = await cannon('ceiling: bare Hono, catalog-page body', ceiling.url, ['/page']);
    } finally {
      await ceiling.stop();
    }
    rows.push({ group: 'ceiling', name: 'bare Hono route, small JSON', rps: smallCeiling.requestsPerSecond, p50: smallCeiling.p50, p99: smallCeiling.p99 });
    rows.push({ group: 'ceiling', name: `bare Hono route, catalog-page body (${Math.round(pageCeiling.bytesPerRequest / 1024)} KB)`, rps: pageCeiling.requestsPerSecond, p50: pageCeiling.p50, p99: pageCeiling.p99 });

    for (const read of CATALOG_READS) {
      const result = await cannon(read.name, shop.url, read.paths);
      rows.push({
        group: 'catalog',
        name: read.name,
        rps: result.requestsPerSecond,
        p50: result.p50,
        p99: result.p99,
        share: result.requestsPerSecond / pageCeiling.requestsPerSecond,
        goal: { share: 0.5, p99: 10 },
      });
    }

    const writes = await runNodeJson<ShoppersResult>(
      script('shoppers.ts'),
      { url: shop.url, shoppers: CONNECTIONS, seconds: SECONDS, runId: String(Date.now() % 10_000).padStart(4, '0') },
      progress('writes: 50 shoppers'),
    );
    process.stdout.write('\r' + ' '.repeat(80) + '\r');
    rows.push({ group: 'writes', name: `cart add, ${CONNECTIONS} shoppers`, rps: writes.addsPerSecond, p50: writes.addP50, p99: writes.addP99, share: writes.addsPerSecond / smallCeiling.requestsPerSecond, goal: { minRps: 300 } });
    rows.push({ group: 'writes', name: `placeOrder, ${CONNECTIONS} shoppers`, rps: writes.ordersPerSecond, p50: writes.placeP50, p99: writes.placeP99, share: writes.ordersPerSecond / smallCeiling.requestsPerSecond, goal: { minRps: 300 } });
    const lost = writes.confirmed - writes.held;
    rows.push({
      group: 'writes',
      name: 'orders confirmed / held by the server / distinct',
      note: `${writes.confirmed} / ${writes.held} / ${writes.distinctConfirmed}${writes.failures ? `, ${writes.failures} failed requests` : ''}`,
      ok: lost === 0 && writes.distinctConfirmed === writes.confirmed && writes.failures === 0,
    });

    const ussdPhases = await ussdRowsAgainstPeer(shop);
    // The whole bench on this process: its first start apart, and the kernel's high-water mark of the restarted server under all of the above.
    rows.push({ group: 'memory', name: 'peak server RSS, PGlite, first start on an empty folder', mb: firstStartMb, goal: { mb: 300 } });
    rows.push({ group: 'memory', name: 'peak server RSS, PGlite, under this whole load', mb: Math.max(shop.peakRssMb(), shop.highWaterMb()), goal: { mb: 300 } });
    rows.push(...ussdPhases);
  });
  // Only the USSD phases (Isoko's, then the peer's), for profiling the USSD path alone.
  if (PARTS.has('ussd') && !PARTS.has('shop')) await withPgliteShop(async (shop) => rows.push(...(await ussdRowsAgainstPeer(shop, true))));

  if (PARTS.has('stock')) rows.push(...(await stockRows()));
  if (PARTS.has('mixed') && !PARTS.has('stock')) rows.push(...(await pgliteStockRows(false)));
  if (PARTS.has('postgres')) rows.push(...(await postgresRows()));
  if (PARTS.has('scale')) rows.push(...(await scaleRows()));

  const loadAfter = loadAverage();
  const report = writeReport(rows, { seconds: SECONDS, connections: CONNECTIONS, loadAverage: [loadBefore, loadAfter], node: process.version }, REPORT_NAME);
  console.log(report.table);
  return report.results;
}
