// Stock: the counts of the products that keep one, and the ledger every change is a row of. The stock
// module alone writes stock_levels and stock_movements (docs/decisions/012-stock.md):
// - orders reserve a placed order's lines, release them when it is cancelled and sell them when it is
//   delivered, each inside the order's own transaction (reserveStock, releaseStock, sellStock);
// - staff receive, adjust and write off stock, and set when a product counts as running low;
// - every face shows what is left through the stock board (stock-board.ts), never the catalog's copies.
// A reservation locks its products' rows in one order (by id), checks what is left on the locked row
// and refuses the whole order, naming each short line, when one is short: under any interleaving,
// on one instance or many, nothing is reserved past what is on hand. The table's constraints say the
// same, as the last word.
import { sql, type Kysely, type Transaction } from 'kysely';
import { afterCommit, inTransaction } from '../../db/changes';
import type { Database } from '../../db/schema';
import type { AuthUser, ShopDeps } from '../../lib/deps';
import { AppError, badRequest, conflict, notFound, type FieldError } from '../../lib/errors';
import { offsetOf, paginate } from '../../lib/pagination';
import { countText, isMeasuredUnit, onlyLeftOf, unitWord } from '../../lib/units';
import { orderNumber } from '../../lib/order-number';
import {
  applyCommitted,
  boardIfFresh,
  countOf,
  epochOf,
  freshBoard,
  fromMilli,
  readAgain,
  shownOf,
  toMilli,
  unchangedSince,
  type CountRow,
} from './stock-board';
import type {
  StockChangeInput,
  StockCounts,
  StockDeliveryInput,
  StockListQuery,
  StockMovement,
  StockMovementKind,
  StockRow,
  StockSettingsInput,
} from './stock.schema';

type Db = Kysely<Database> | Transaction<Database>;
/** What the board marks on a product the catalog shows (catalog builds on stock, not the other way). */
interface ShownProduct {
  _id: string;
  inStock: boolean;
}

/** The code of a refusal for want of stock, with each short line in `details.short`. */
export const NOT_ENOUGH_STOCK = 'not_enough_stock';

/** A line of an order as stock sees it: the product, how many, and its name and unit for messages. */
export interface StockLine {
  productId: string;
  name: string;
  unit: string;
  quantity: number;
}

/** A line that cannot be had: what was wanted, and what is left (0: out of stock). */
export interface Shortage {
  productId: string;
  productName: string;
  unit: string;
  wanted: number;
  available: number;
}

/** "Only 2 kg of Tomatoes left", or "Sorry, Tomatoes is out of stock" when none is left. */
export function shortageText(line: Pick<Shortage, 'productName' | 'unit' | 'available'>): string {
  return line.available > 0 ? onlyLeftOf(line.productName, line.available, line.unit) : `Sorry, ${line.productName} is out of stock`;
}

/**
 * Why an order cannot be placed as it is: "Only 2 kg of Tomatoes left. Out of stock: Cabbage. Change
 * your cart to place the order."
 */
export function shortageMessage(short: readonly Shortage[]): string {
  const partial = short.filter((line) => line.available > 0).map((line) => `${onlyLeftOf(line.productName, line.available, line.unit)}.`);
  const gone = short.filter((line) => line.available <= 0).map((line) => line.productName);
  const parts = [...partial, ...(gone.length ? [`Out of stock: ${gone.join(', ')}.`] : [])];
  return `${parts.join(' ')} Change your cart to place the order.`;
}

/** The refusal of an order (or a cart change) for want of stock, naming each short line. */
export function notEnoughStock(short: readonly Shortage[], message = shortageMessage(short)): AppError {
  const errors: FieldError[] = short.map((line) => ({ msg: shortageText(line), param: `products.${line.productId}` }));
  return new AppError(400, message, NOT_ENOUGH_STOCK, errors, { short });
}

/** The short lines a refusal carries (empty for any other error). */
export function shortagesOf(error: unknown): Shortage[] {
  if (!(error instanceof AppError) || error.code !== NOT_ENOUGH_STOCK) return [];
  return (error.details.short as Shortage[] | undefined) ?? [];
}

// ---- changes of counts, each a row of the ledger ------------------------------------------------

interface Move {
  product_id: string;
  /** In units (the ledger's numbers): each is added to the level as it stands. */
  on_hand: number;
  reserved: number;
}

interface Entry {
  kind: StockMovementKind;
  orderId?: string | null;
  note?: string | null;
  by?: { id: string | null; name: string } | null;
}

/**
 * Adds each move to its level and writes its ledger row, in one statement; the caller holds the rows'
 * locks. Returns the levels as they now are.
 */
async function moveCounts(trx: Transaction<Database>, moves: readonly Move[], entry: Entry): Promise<CountRow[]> {
  if (!moves.length) return [];
  const result = await sql<CountRow>`
    WITH moves AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(moves)}::jsonb) AS m(product_id text, on_hand numeric, reserved numeric)
    ), moved AS (
      UPDATE stock_levels AS s
      SET on_hand = s.on_hand + m.on_hand, reserved = s.reserved + m.reserved, version = nextval('stock_versions'), updated_at = now()
      FROM moves AS m
      WHERE s.product_id = m.product_id
      RETURNING s.product_id, s.on_hand, s.reserved, s.low_threshold, s.version, m.on_hand AS on_hand_change, m.reserved AS reserved_change
    ), logged AS (
      INSERT INTO stock_movements (product_id, kind, on_hand_change, reserved_change, order_id, note, staff_id, staff_name)
      SELECT product_id, ${entry.kind}::text, on_hand_change, reserved_change, ${entry.orderId ?? null}::text, ${entry.note ?? null}::text, ${entry.by?.id ?? null}::text, ${entry.by?.name ?? null}::text
      FROM moved
    )
    SELECT product_id, on_hand, reserved, low_threshold, version FROM moved
  `.execute(trx);
  return result.rows;
}

/**
 * Once the caller's transaction commits, this instance's board takes the rows it wrote (other
 * instances read them within a second). A transaction that cannot say when it commits (not opened by
 * inTransaction) has the board read again instead.
 */
function publish(trx: Transaction<Database>, rows: readonly CountRow[], gone: readonly { product_id: string; version: number }[] = []): void {
  if (!rows.length && !gone.length) return;
  if (!afterCommit(trx, (db) => applyCommitted(db, rows, gone))) readAgain(trx);
}

/** Lines for one product added up (a product is one line of an order; a caller may still pass two). */
function byProduct(lines: readonly StockLine[]): Map<string, StockLine> {
  const merged = new Map<string, StockLine>();
  for (const line of lines) {
    const earlier = merged.get(line.productId);
    merged.set(line.productId, earlier ? { ...earlier, quantity: earlier.quantity + line.quantity } : { ...line });
  }
  return merged;
}

/**
 * Reserves an order's lines, in the caller's transaction (the order's own): for each product that
 * keeps a count, its row is locked (all of them in one order, so two orders never wait on each other
 * in a circle) and what is left is checked on the locked row. One short line refuses the whole order
 * (400 not_enough_stock naming every short line and what is left); the caller's transaction then
 * rolls back and nothing is reserved. Products without a count are the caller's to check (in stock or not).
 */
export async function reserveStock(trx: Transaction<Database>, order: { orderId: string; lines: readonly StockLine[] }): Promise<void> {
  const wanted = byProduct(order.lines);
  if (!wanted.size) return;
  const counted = await trx
    .selectFrom('stock_levels')
    .select(['product_id', 'on_hand', 'reserved'])
    .where('product_id', 'in', [...wanted.keys()])
    .orderBy('product_id')
    .forUpdate()
    .execute();
  if (!counted.length) return;
  const short: Shortage[] = [];
  const moves: Move[] = [];
  for (const row of counted) {
    const line = wanted.get(row.product_id)!;
    const available = toMilli(row.on_hand) - toMilli(row.reserved);
    if (toMilli(line.quantity) > available) {
      short.push({ productId: line.productId, productName: line.name, unit: line.unit, wanted: line.quantity, available: fromMilli(Math.max(0, available)) });
    } else moves.push({ product_id: row.product_id, on_hand: 0, reserved: line.quantity });
  }
  if (short.length) {
    // Named in the order's own order of lines, not the locks' order.
    const position = [...wanted.keys()];
    throw notEnoughStock(short.sort((a, b) => position.indexOf(a.productId) - position.indexOf(b.productId)));
  }
  publish(trx, await moveCounts(trx, moves, { kind: 'reserved', orderId: order.orderId }));
}

/** What an order holds reserved, per product, its rows locked in id order (the ledger's sum for the order). */
async function heldBy(trx: Transaction<Database>, orderId: string): Promise<{ product_id: string; held: number }[]> {
  const result = await sql<{ product_id: string; held: string }>`
    SELECT s.product_id, h.held
    FROM stock_levels AS s
    JOIN (SELECT product_id, sum(reserved_change) AS held FROM stock_movements WHERE order_id = ${orderId} GROUP BY product_id) AS h ON h.product_id = s.product_id
    WHERE h.held > 0
    ORDER BY s.product_id
    FOR UPDATE OF s
  `.execute(trx);
  return result.rows.map((row) => ({ product_id: row.product_id, held: Number(row.held) }));
}

/** A cancelled order gives back what it held, in the caller's transaction (orders' status change). */
export async function releaseStock(trx: Transaction<Database>, orderId: string, by: { id: string | null; name: string }): Promise<void> {
  const held = await heldBy(trx, orderId);
  const moves = held.map((line) => ({ product_id: line.product_id, on_hand: 0, reserved: -line.held }));
  publish(trx, await moveCounts(trx, moves, { kind: 'released', orderId, by }));
}

/**
 * Lines refused at the door go back on the shelf: their share of what the order holds is released
 * (never more than it holds), in the caller's transaction, before the rest is sold as delivered.
 */
export async function releaseRefused(trx: Transaction<Database>, orderId: string, refused: readonly { productId: string; quantity: number }[], by: { id: string | null; name: string }): Promise<void> {
  if (!refused.length) return;
  const wanted = new Map<string, number>();
  for (const line of refused) wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + line.quantity);
  const held = await heldBy(trx, orderId);
  const moves = held
    .filter((line) => wanted.has(line.product_id))
    .map((line) => ({ product_id: line.product_id, on_hand: 0, reserved: -Math.min(line.held, wanted.get(line.product_id)!) }));
  publish(trx, await moveCounts(trx, moves, { kind: 'released', orderId, note: 'Refused at the door', by }));
}

/**
 * A delivered order's reservation becomes a sale: it leaves the shelf, in the caller's transaction.
 * `sold` is what a packed order actually sold per product (a short, a heavier bag, a substitute:
 * docs/packing.md): that leaves the shelf, and the whole reservation is let go (what was not packed
 * as 'released'). A product sold that the order did not hold (a substitute) leaves the shelf too,
 * never below what other orders hold: the count was already short, and the delivery is not refused.
 */
export async function sellStock(
  trx: Transaction<Database>,
  orderId: string,
  by: { id: string | null; name: string },
  sold?: ReadonlyMap<string, number>,
): Promise<void> {
  const held = await heldBy(trx, orderId);
  if (!sold) {
    const moves = held.map((line) => ({ product_id: line.product_id, on_hand: -line.held, reserved: -line.held }));
    publish(trx, await moveCounts(trx, moves, { kind: 'sold', orderId, by }));
    return;
  }
  const heldOf = new Map(held.map((line) => [line.product_id, line.held]));
  const levels = await trx
    .selectFrom('stock_levels')
    .select(['product_id', 'on_hand', 'reserved'])
    .where('product_id', 'in', [...new Set([...heldOf.keys(), ...sold.keys(), ''])])
    .orderBy('product_id')
    .forUpdate()
    .execute();
  const sales: Move[] = [];
  const releases: Move[] = [];
  for (const level of levels) {
    const holds = heldOf.get(level.product_id) ?? 0;
    // Never more than is on the shelf beyond what other orders hold (the level's constraints).
    const most = fromMilli(toMilli(level.on_hand) - toMilli(level.reserved) + toMilli(holds));
    const selling = Math.min(sold.get(level.product_id) ?? 0, Math.max(0, most));
    if (selling > 0) sales.push({ product_id: level.product_id, on_hand: -selling, reserved: -holds });
    else if (holds > 0) releases.push({ product_id: level.product_id, on_hand: 0, reserved: -holds });
  }
  publish(trx, [...(await moveCounts(trx, sales, { kind: 'sold', orderId, by })), ...(await moveCounts(trx, releases, { kind: 'released', orderId, note: 'Not packed', by }))]);
}

/**
 * What is left to sell of each product that keeps a count, read now (a write's own check: ordering
 * again, a weekly basket's share); `lock` holds the rows, in id order, for the caller's transaction.
 * Products without a count are absent.
 */
export async function countsNow(db: Db, productIds: readonly string[], { lock = false } = {}): Promise<Map<string, number>> {
  if (!productIds.length) return new Map();
  let query = db.selectFrom('stock_levels').select(['product_id', 'on_hand', 'reserved']).where('product_id', 'in', [...new Set(productIds)]).orderBy('product_id');
  if (lock) query = query.forUpdate();
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.product_id, fromMilli(toMilli(row.on_hand) - toMilli(row.reserved))]));
}

// ---- what the faces show ------------------------------------------------------------------------

type Board = Awaited<ReturnType<typeof freshBoard>>;

function shownWith<T extends ShownProduct>(board: Board, product: T): T {
  const count = countOf(board, product._id);
  if (!count) return product;
  const stock = count.low ? { low: true, available: fromMilli(count.available) } : { low: false };
  return { ...product, inStock: product.inStock && count.inStock, stock } as T;
}

/**
 * Products as every face shows them: one that keeps a count is in stock only while some is left
 * (and staff have not marked it out), and carries `stock: {low, available?}`; the others are as the
 * catalog has them (the same objects).
 */
export async function withStock<T extends ShownProduct>(deps: Pick<ShopDeps, 'db'>, products: readonly T[]): Promise<T[]> {
  const board = await freshBoard(deps.db);
  return products.map((product) => shownWith(board, product));
}

/** What is left to sell of each product that keeps a count, as the faces show it (at most a second old). */
export async function shownCounts(deps: Pick<ShopDeps, 'db'>, productIds: readonly string[]): Promise<Map<string, number>> {
  const board = await freshBoard(deps.db);
  const counts = new Map<string, number>();
  for (const productId of productIds) {
    const count = countOf(board, productId);
    if (count) counts.set(productId, fromMilli(count.available));
  }
  return counts;
}

/** Read before a reply showing products is made: the moment its stock was shown (see stillShown). */
export async function stockShownAt(deps: Pick<ShopDeps, 'db'>): Promise<number> {
  return epochOf(await freshBoard(deps.db));
}

/**
 * Whether a reply made at `shownAt` still shows these products' stock as it is: false once what a
 * face shows of one of them changed; undefined while the board is too old to say (a new read has
 * started). Without waiting: the stored catalog replies are answered before any other work.
 */
export function stillShown(deps: Pick<ShopDeps, 'db'>, shownAt: number, productIds: readonly string[]): boolean | undefined {
  if (!productIds.length) return true;
  const board = boardIfFresh(deps.db);
  return board && unchangedSince(board, shownAt, productIds);
}

// ---- the console ----------------------------------------------------------------------------------

interface ProductFacts {
  id: string;
  name: string;
  unit: string;
  measured: boolean;
}

async function productFacts(db: Db, productIds: readonly string[]): Promise<Map<string, ProductFacts>> {
  if (!productIds.length) return new Map();
  const rows = await db.selectFrom('products').select(['id', 'name', 'unit']).where('id', 'in', [...new Set(productIds)]).execute();
  return new Map(rows.map((row) => [row.id, { id: row.id, name: row.name, unit: row.unit, measured: isMeasuredUnit(row.unit) }]));
}

async function oneProduct(db: Db, productId: string): Promise<ProductFacts> {
  const product = (await productFacts(db, [productId])).get(productId);
  if (!product) throw notFound('Product not found', 'product_not_found');
  return product;
}

/** A product counted in whole units takes whole numbers only (a tray, a loaf); a measured one up to three decimals. */
function assertWhole(product: ProductFacts, value: number, param: string): void {
  if (product.measured || Number.isInteger(value)) return;
  const message = `${product.name} is counted in whole ${unitWord(product.unit, 2)}: give a whole number`;
  throw badRequest(message, [{ msg: message, param }]);
}

function countsOf(row: CountRow, unit: string): StockCounts {
  const onHand = toMilli(row.on_hand);
  const reserved = toMilli(row.reserved);
  const shown = shownOf({ available: onHand - reserved, threshold: toMilli(row.low_threshold) });
  return {
    onHand: fromMilli(onHand),
    reserved: fromMilli(reserved),
    available: fromMilli(shown.available),
    lowThreshold: fromMilli(toMilli(row.low_threshold)),
    low: shown.low,
    measured: isMeasuredUnit(unit),
  };
}

const levelColumns = ['product_id', 'on_hand', 'reserved', 'low_threshold', 'version'] as const;

/** The product's level, its row locked; undefined when it keeps no count. */
async function lockedLevel(trx: Transaction<Database>, productId: string): Promise<CountRow | undefined> {
  return trx.selectFrom('stock_levels').select(levelColumns).where('product_id', '=', productId).forUpdate().executeTakeFirst();
}

/** Starts counting the products that keep no count yet, at 0 (a first delivery then adds to it). */
async function startCounting(trx: Transaction<Database>, productIds: readonly string[]): Promise<void> {
  if (!productIds.length) return;
  await trx
    .insertInto('stock_levels')
    .values([...productIds].sort().map((productId) => ({ product_id: productId })))
    .onConflict((oc) => oc.column('product_id').doNothing())
    .execute();
}

const staffBy = (staff: Pick<AuthUser, 'id' | 'fullName'>) => ({ id: staff.id, name: staff.fullName });

/** Why a change would take more off than may go: what is held for orders stays on the shelf. */
function tooMuchOff(product: ProductFacts, level: CountRow): AppError {
  const onHand = fromMilli(toMilli(level.on_hand));
  const reserved = fromMilli(toMilli(level.reserved));
  const free = fromMilli(toMilli(level.on_hand) - toMilli(level.reserved));
  const amount = (count: number) => `${countText(count)} ${unitWord(product.unit, count)}`;
  const message =
    reserved > 0
      ? `Only ${amount(free)} of ${product.name} can be taken off: ${amount(reserved)} ${reserved === 1 ? 'is' : 'are'} held for orders not yet delivered`
      : `Only ${amount(onHand)} of ${product.name} ${onHand === 1 ? 'is' : 'are'} on hand`;
  return badRequest(message, [{ msg: message, param: 'change' }]);
}

/**
 * POST /api/admin/products/{id}/stock: what is on hand changes by `change` (received, adjusted,
 * spoiled), one ledger row with who, why and when. A product that keeps no count starts counting
 * from this change. On hand never goes below what orders hold.
 */
export async function changeStock(
  deps: ShopDeps,
  staff: Pick<AuthUser, 'id' | 'fullName'>,
  productId: string,
  input: Pick<StockChangeInput, 'change' | 'reason'> & { note?: string | null },
): Promise<StockCounts> {
  return inTransaction(deps, async ({ trx }) => {
    const product = await oneProduct(trx, productId);
    assertWhole(product, input.change, 'change');
    let level = await lockedLevel(trx, product.id);
    if (!level) {
      if (input.change < 0) {
        const message = `${product.name} keeps no stock count yet: receive stock to start counting it`;
        throw badRequest(message, [{ msg: message, param: 'change' }]);
      }
      await startCounting(trx, [product.id]);
      level = (await lockedLevel(trx, product.id))!;
    }
    if (toMilli(level.on_hand) + toMilli(input.change) < toMilli(level.reserved)) throw tooMuchOff(product, level);
    const rows = await moveCounts(trx, [{ product_id: product.id, on_hand: input.change, reserved: 0 }], { kind: input.reason, note: input.note, by: staffBy(staff) });
    publish(trx, rows);
    return countsOf(rows[0], product.unit);
  });
}

/** POST /api/admin/stock/receive: a delivery of many products, all received in one transaction or none. */
export async function receiveDelivery(deps: ShopDeps, staff: Pick<AuthUser, 'id' | 'fullName'>, input: StockDeliveryInput): Promise<{ productId: string; stock: StockCounts }[]> {
  return inTransaction(deps, async ({ trx }) => {
    const products = await productFacts(trx, input.lines.map((line) => line.productId));
    input.lines.forEach((line, index) => {
      const product = products.get(line.productId);
      if (!product) throw badRequest('Product not found', [{ msg: 'Product not found', param: `lines.${index}.productId` }]);
      assertWhole(product, line.quantity, `lines.${index}.quantity`);
    });
    const ids = input.lines.map((line) => line.productId);
    await startCounting(trx, ids);
    await countsNow(trx, ids, { lock: true });
    const rows = await moveCounts(trx, input.lines.map((line) => ({ product_id: line.productId, on_hand: line.quantity, reserved: 0 })), {
      kind: 'received',
      note: input.note,
      by: staffBy(staff),
    });
    publish(trx, rows);
    const byId = new Map(rows.map((row) => [row.product_id, row]));
    return input.lines.map((line) => ({ productId: line.productId, stock: countsOf(byId.get(line.productId)!, products.get(line.productId)!.unit) }));
  });
}

/** PUT /api/admin/products/{id}/stock: when the product counts as running low (at or under the threshold). */
export async function setLowThreshold(deps: ShopDeps, productId: string, input: StockSettingsInput): Promise<StockCounts> {
  return inTransaction(deps, async ({ trx }) => {
    const product = await oneProduct(trx, productId);
    assertWhole(product, input.lowThreshold, 'lowThreshold');
    const row = await trx
      .updateTable('stock_levels')
      .set({ low_threshold: input.lowThreshold, version: sql<number>`nextval('stock_versions')`, updated_at: new Date() })
      .where('product_id', '=', product.id)
      .returning(levelColumns)
      .executeTakeFirst();
    if (!row) throw notCounted(product);
    publish(trx, [row]);
    return countsOf(row, product.unit);
  });
}

function notCounted(product: ProductFacts): AppError {
  const message = `${product.name} keeps no stock count: receive stock to start counting it`;
  return badRequest(message, [{ msg: message, param: 'productId' }], 'not_counted');
}

/**
 * DELETE /api/admin/products/{id}/stock: the product stops keeping a count and sells by the in-stock
 * mark again. Refused while orders hold some of it; what was on hand leaves the ledger as an
 * adjustment, so the ledger still adds up should counting start again.
 */
export async function stopCounting(deps: ShopDeps, staff: Pick<AuthUser, 'id' | 'fullName'>, productId: string): Promise<void> {
  await inTransaction(deps, async ({ trx }) => {
    const product = await oneProduct(trx, productId);
    const level = await lockedLevel(trx, product.id);
    if (!level) throw notCounted(product);
    const reserved = fromMilli(toMilli(level.reserved));
    if (reserved > 0) {
      throw conflict(
        `${countText(reserved)} ${unitWord(product.unit, reserved)} of ${product.name} ${reserved === 1 ? 'is' : 'are'} held for orders not yet delivered: stop counting once they are delivered or cancelled`,
      );
    }
    const onHand = fromMilli(toMilli(level.on_hand));
    if (onHand !== 0) await moveCounts(trx, [{ product_id: product.id, on_hand: -onHand, reserved: 0 }], { kind: 'adjusted', note: 'Stopped counting', by: staffBy(staff) });
    const removed = await trx.deleteFrom('stock_levels').where('product_id', '=', product.id).returning('version').executeTakeFirstOrThrow();
    // Gone at its last version: an older read of the row is not taken back, a row counting again is newer.
    publish(trx, [], [{ product_id: product.id, version: Number(removed.version) }]);
  });
}

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** GET /api/admin/stock: every product with its counts, running low first (emptiest first), then the rest counted, then those without a count. */
export async function listStock(deps: ShopDeps, query: StockListQuery): Promise<{ products: StockRow[]; pagination: ReturnType<typeof paginate> }> {
  let rows = deps.db
    .selectFrom('products')
    .leftJoin('stock_levels', 'stock_levels.product_id', 'products.id')
    .select([
      'products.id',
      'products.name',
      'products.unit',
      'products.image',
      'products.hidden',
      'products.in_stock',
      'stock_levels.product_id as counted',
      'stock_levels.on_hand',
      'stock_levels.reserved',
      'stock_levels.low_threshold',
      'stock_levels.version',
      'stock_levels.updated_at',
    ]);
  let count = deps.db.selectFrom('products').leftJoin('stock_levels', 'stock_levels.product_id', 'products.id').select(sql<number>`count(*)::int`.as('total'));
  if (query.search) {
    const like = `%${likeEscaped(query.search.toLowerCase())}%`;
    const matches = sql<boolean>`(lower(products.name) like ${like} or lower(coalesce(products.local_name, '')) like ${like})`;
    rows = rows.where(matches);
    count = count.where(matches);
  }
  const low = sql<boolean>`stock_levels.on_hand - stock_levels.reserved <= stock_levels.low_threshold`;
  if (query.only) {
    rows = rows.where('stock_levels.product_id', 'is not', null);
    count = count.where('stock_levels.product_id', 'is not', null);
  }
  if (query.only === 'low') {
    rows = rows.where(low);
    count = count.where(low);
  }
  const [found, { total }] = await Promise.all([
    rows
      .orderBy(sql`case when stock_levels.product_id is null then 2 when ${low} then 0 else 1 end`)
      .orderBy(sql`stock_levels.on_hand - stock_levels.reserved`)
      .orderBy('products.name')
      .orderBy('products.id')
      .limit(query.limit)
      .offset(offsetOf(query.page, query.limit))
      .execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return {
    products: found.map((row) => ({
      productId: row.id,
      productname: row.name,
      productUnit: row.unit,
      productImage: row.image,
      hidden: row.hidden,
      inStock: row.in_stock,
      measured: isMeasuredUnit(row.unit),
      stock:
        row.counted === null
          ? null
          : countsOf({ product_id: row.id, on_hand: row.on_hand!, reserved: row.reserved!, low_threshold: row.low_threshold!, version: row.version! }, row.unit),
      updatedAt: row.updated_at ? new Date(row.updated_at).toISOString() : null,
    })),
    pagination: paginate(total, query.page, query.limit),
  };
}

/** GET /api/admin/products/{id}/stock: the product's counts (null without one) and its ledger, newest first. */
export async function productLedger(deps: ShopDeps, productId: string, query: { page: number; limit: number }) {
  const product = await oneProduct(deps.db, productId);
  const [level, rows, { total }] = await Promise.all([
    deps.db.selectFrom('stock_levels').select(levelColumns).where('product_id', '=', product.id).executeTakeFirst(),
    deps.db
      .selectFrom('stock_movements')
      .selectAll()
      .where('product_id', '=', product.id)
      .orderBy('id', 'desc')
      .limit(query.limit)
      .offset(offsetOf(query.page, query.limit))
      .execute(),
    deps.db.selectFrom('stock_movements').select(sql<number>`count(*)::int`.as('total')).where('product_id', '=', product.id).executeTakeFirstOrThrow(),
  ]);
  const movements: StockMovement[] = rows.map((row) => ({
    _id: String(row.id),
    kind: row.kind as StockMovementKind,
    onHandChange: Number(row.on_hand_change),
    reservedChange: Number(row.reserved_change),
    order: row.order_id ? { _id: row.order_id, orderNumber: orderNumber(row.order_id) } : null,
    note: row.note,
    by: row.staff_name,
    at: new Date(row.created_at).toISOString(),
  }));
  return {
    product: { _id: product.id, productname: product.name, productUnit: product.unit },
    stock: level ? countsOf(level, product.unit) : null,
    movements,
    pagination: paginate(total, query.page, query.limit),
  };
}
