// Ordering again: an earlier order's lines as they sell today (today's prices; a product
// hidden or out of stock left out and named, one with fewer left than ordered cut to what is left
// and named), put in the cart (the web) or placed straight away (the
// conversation's "Order again", a weekly basket). The home screens ask for the last basket on every
// dial, so that is one query.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { ShopDeps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { effectivePrice } from '../../lib/money';
import { addLinesToCart } from '../cart/cart.service';
import type { Cart } from '../cart/cart.schema';
import { getOrder, type OrderAgainLine } from '../orders/orders.service';
import type { CutLine, SkippedLine } from './reorder.schema';
import { countText, quantityWithUnit } from '../../lib/units';
import { shownCounts } from '../stock/stock.service';

type Db = Kysely<Database> | Transaction<Database>;

/** A line of an earlier order as it sells today. */
export interface BasketLine extends OrderAgainLine {
  /** The Kinyarwanda name, when the product has one. */
  localName: string | null;
  unit: string;
  /** Today's price for one (the offer when there is one), in minor units. */
  priceMinor: number;
  /** How many the earlier order had, when stock has fewer left today (`quantity` is then what is left). */
  wanted?: number;
}

/** A line left out, with its product's id. */
export interface BasketSkipped extends SkippedLine {
  productId: string;
}

export interface Basket {
  orderId: string;
  lines: BasketLine[];
  skipped: BasketSkipped[];
  /** What the lines cost today, in minor units. */
  totalMinor: number;
}

/** The lines of one order (the `which` subquery picks it), each joined to its product as it is now. */
function basketQuery(db: Db, which: (db: Db) => ReturnType<typeof ordersOf>) {
  return db
    .selectFrom('order_lines as line')
    .leftJoin('products as product', 'product.id', 'line.product_id')
    .leftJoin('categories as category', 'category.id', 'product.category_id')
    .select([
      'line.order_id',
      'line.product_id',
      'line.product_name',
      'line.quantity',
      'line.unit as ordered_unit',
      'product.name',
      'product.local_name',
      'product.unit',
      'product.price_minor',
      'product.offer_price_minor',
      'product.in_stock',
      'product.hidden',
      'category.hidden as category_hidden',
    ])
    .where('line.order_id', '=', (eb) => eb.selectFrom(which(db).as('picked')).select('picked.id'))
    .orderBy('line.position');
}

const ordersOf = (db: Db, userId: string) => db.selectFrom('orders').select('id').where('user_id', '=', userId);

type BasketRow = Awaited<ReturnType<ReturnType<typeof basketQuery>['execute']>>[number];

/**
 * The lines as they sell today. `left` is what stock has left of each product that keeps a count (as
 * the faces show it): none left is out of stock, fewer left than ordered orders what is left (in
 * whole units, as an order's quantities are) and says how many were wanted.
 */
function toBasket(rows: BasketRow[], left: ReadonlyMap<string, number>): Basket | undefined {
  if (!rows.length) return undefined;
  const lines: BasketLine[] = [];
  const skipped: BasketSkipped[] = [];
  for (const row of rows) {
    const name = row.name ?? row.product_name;
    const available = left.has(row.product_id) ? Math.floor(left.get(row.product_id)!) : Infinity;
    if (row.price_minor === null || row.hidden || row.category_hidden) skipped.push({ productId: row.product_id, productName: name, reason: 'not_sold' });
    else if (!row.in_stock || available <= 0) skipped.push({ productId: row.product_id, productName: name, reason: 'out_of_stock' });
    else {
      lines.push({
        productId: row.product_id,
        name,
        localName: row.local_name,
        quantity: Math.min(row.quantity, available),
        unit: row.unit ?? row.ordered_unit,
        priceMinor: effectivePrice(row.price_minor, row.offer_price_minor),
        ...(available < row.quantity ? { wanted: row.quantity } : {}),
      });
    }
  }
  return { orderId: rows[0].order_id, lines, skipped, totalMinor: lines.reduce((sum, line) => sum + line.priceMinor * line.quantity, 0) };
}

/** An order's lines as they sell today, with what stock shows is left of them. */
async function basketFrom(deps: Pick<ShopDeps, 'db'>, rows: BasketRow[]): Promise<Basket | undefined> {
  return toBasket(rows, await shownCounts(deps, rows.map((row) => row.product_id)));
}

/** The shopper's last order that was not cancelled, as it would sell today; undefined when there is none. */
export async function lastBasket(deps: Pick<ShopDeps, 'db'>, userId: string): Promise<Basket | undefined> {
  const latest = (db: Db) => ordersOf(db, userId).where('status', '<>', 'cancelled').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1);
  return basketFrom(deps, await basketQuery(deps.db, latest).execute());
}

/** One of the shopper's orders (by id or number) as it would sell today; another's is a 404. */
export async function basketOf(deps: ShopDeps, userId: string, orderIdOrNumber: string, db: Db = deps.db): Promise<Basket> {
  const order = await getOrder(deps, userId, orderIdOrNumber);
  const basket = await basketFrom(deps, await basketQuery(db, (from) => ordersOf(from, userId).where('id', '=', order._id)).execute());
  return basket ?? { orderId: order._id, lines: [], skipped: [], totalMinor: 0 };
}

/** "Tomatoes (1 of 2 kg)": the lines stock has fewer of today than were ordered. */
export const cutWords = (lines: readonly BasketLine[]) =>
  lines
    .filter((line) => line.wanted !== undefined)
    .map((line) => `${line.name} (${countText(line.quantity)} of ${quantityWithUnit(line.wanted!, line.unit)})`)
    .join(', ');

const REASON_WORDS: Record<SkippedLine['reason'], string> = { out_of_stock: 'out of stock', not_sold: 'no longer sold' };

/** "Avocados (out of stock), Ghee (no longer sold)" */
export const skippedWords = (skipped: readonly SkippedLine[]) => skipped.map((line) => `${line.productName} (${REASON_WORDS[line.reason]})`).join(', ');

/**
 * POST /order/{id}/reorder: the order's lines that sell today added to the cart; the rest named.
 * When none sells today the cart is left as it is and the answer says why (400).
 */
export async function reorderToCart(deps: ShopDeps, userId: string, orderIdOrNumber: string): Promise<{ cart: Cart; skipped: SkippedLine[]; cut: CutLine[]; message: string }> {
  const basket = await basketOf(deps, userId, orderIdOrNumber);
  if (!basket.lines.length) {
    const skipped = basket.skipped.map(({ productName, reason }) => ({ productName, reason }));
    throw new AppError(400, `Nothing of this order is for sale today: ${skippedWords(skipped)}.`, 'nothing_to_reorder', [], { skipped });
  }
  const cart = await addLinesToCart(deps, userId, basket.lines);
  const skipped = basket.skipped.map(({ productName, reason }) => ({ productName, reason }));
  const cut = basket.lines.filter((line) => line.wanted !== undefined).map((line) => ({ productName: line.name, quantity: line.quantity, wanted: line.wanted!, unit: line.unit }));
  const notes = [...(skipped.length ? [`Left out: ${skippedWords(skipped)}.`] : []), ...(cut.length ? [`Fewer than last time, as that is what is left: ${cutWords(basket.lines)}.`] : [])];
  const message = notes.length ? `Added to your cart. ${notes.join(' ')}` : 'Added to your cart';
  return { cart, skipped, cut, message };
}
