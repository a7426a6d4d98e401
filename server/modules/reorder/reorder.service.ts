// Ordering again: an earlier order's lines as they sell today (today's prices; a product
// hidden or out of stock left out and named), put in the cart (the web) or placed straight away (the
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
import type { SkippedLine } from './reorder.schema';

type Db = Kysely<Database> | Transaction<Database>;

/** A line of an earlier order as it sells today. */
export interface BasketLine extends OrderAgainLine {
  /** The Kinyarwanda name, when the product has one. */
  localName: string | null;
  unit: string;
  /** Today's price for one (the offer when there is one), in minor units. */
  priceMinor: number;
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

function toBasket(rows: BasketRow[]): Basket | undefined {
  if (!rows.length) return undefined;
  const lines: BasketLine[] = [];
  const skipped: BasketSkipped[] = [];
  for (const row of rows) {
    const name = row.name ?? row.product_name;
    if (row.price_minor === null || row.hidden || row.category_hidden) skipped.push({ productId: row.product_id, productName: name, reason: 'not_sold' });
    else if (!row.in_stock) skipped.push({ productId: row.product_id, productName: name, reason: 'out_of_stock' });
    else {
      lines.push({
        productId: row.product_id,
        name,
        localName: row.local_name,
        quantity: row.quantity,
        unit: row.unit ?? row.ordered_unit,
        priceMinor: effectivePrice(row.price_minor, row.offer_price_minor),
      });
    }
  }
  return { orderId: rows[0].order_id, lines, skipped, totalMinor: lines.reduce((sum, line) => sum + line.priceMinor * line.quantity, 0) };
}

/** The shopper's last order that was not cancelled, as it would sell today; undefined when there is none. */
export async function lastBasket(deps: Pick<ShopDeps, 'db'>, userId: string): Promise<Basket | undefined> {
  const latest = (db: Db) => ordersOf(db, userId).where('status', '<>', 'cancelled').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1);
  return toBasket(await basketQuery(deps.db, latest).execute());
}

/** One of the shopper's orders (by id or number) as it would sell today; another's is a 404. */
export async function basketOf(deps: ShopDeps, userId: string, orderIdOrNumber: string, db: Db = deps.db): Promise<Basket> {
  const order = await getOrder(deps, userId, orderIdOrNumber);
  const basket = toBasket(await basketQuery(db, (from) => ordersOf(from, userId).where('id', '=', order._id)).execute());
  return basket ?? { orderId: order._id, lines: [], skipped: [], totalMinor: 0 };
}

const REASON_WORDS: Record<SkippedLine['reason'], string> = { out_of_stock: 'out of stock', not_sold: 'no longer sold' };

/** "Avocados (out of stock), Ghee (no longer sold)" */
export const skippedWords = (skipped: readonly SkippedLine[]) => skipped.map((line) => `${line.productName} (${REASON_WORDS[line.reason]})`).join(', ');

/**
 * POST /order/{id}/reorder: the order's lines that sell today added to the cart; the rest named.
 * When none sells today the cart is left as it is and the answer says why (400).
 */
export async function reorderToCart(deps: ShopDeps, userId: string, orderIdOrNumber: string): Promise<{ cart: Cart; skipped: SkippedLine[]; message: string }> {
  const basket = await basketOf(deps, userId, orderIdOrNumber);
  if (!basket.lines.length) {
    const skipped = basket.skipped.map(({ productName, reason }) => ({ productName, reason }));
    throw new AppError(400, `Nothing of this order is for sale today: ${skippedWords(skipped)}.`, 'nothing_to_reorder', [], { skipped });
  }
  const cart = await addLinesToCart(deps, userId, basket.lines);
  const skipped = basket.skipped.map(({ productName, reason }) => ({ productName, reason }));
  const message = skipped.length ? `Added to your cart. Left out: ${skippedWords(skipped)}.` : 'Added to your cart';
  return { cart, skipped, message };
}
