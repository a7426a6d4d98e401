// Orders: placing one turns the cart into an order in one transaction, at the prices of that
// moment; reading them shows the shopper only their own.
import { sql, type Selectable, type Transaction } from 'kysely';
import type { Database, OrderAddressSnapshot, OrderLinesTable, OrdersTable } from '../../db/schema';
import { runInBackground } from '../../lib/background';
import { nowOf, type ShopDeps } from '../../lib/deps';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { effectivePrice, toFrw } from '../../lib/money';
import { offsetOf, paginate } from '../../lib/pagination';
import type { Pagination } from '../../lib/fields';
import { clearCart, outOfStockMessage, substitutionOf } from '../cart/cart.service';
import type { AddressInput } from '../addresses/addresses.schema';
import { insertAddress } from '../addresses/addresses.service';
import { noticeHasReaders, notifyOrder } from './order-notices';
import { orderDeliveryWindow, reserveDeliveryWindow } from '../delivery/delivery.service';
import { quoteDeliveryFee } from '../delivery/delivery-fees.service';
import { feeMinorOf } from '../delivery/delivery-fees.schema';
import { amountToCollectMinor, finalGoodsMinor } from './order-amounts.schema';
import { statusRowsOf, timelineOf, type StatusRow } from './order-timeline';
import { reserveStock } from '../stock/stock.service';
import { receiptOfOrder } from './receipt.service';
import type { Receipt } from './receipt.schema';
import { getPackingSettings } from '../packing/packing-settings.service';
import { isEstimated, lineMinor } from '../../lib/quantities';
import { inTransaction } from '../../db/changes';
import { answerNow } from './packing-amounts';
import { MOMO_STATES, ORDER_STATUSES, PAYMENT_STATUSES, type OrderChannel } from './order-lists.schema';
import { MOMO_NUMBER_MESSAGE, momoPayerNumber, orderNumber, type DuplicateOf, type Order, type OrdersQuery, type PlaceOrderInput } from './orders.schema';

export const EMPTY_CART_MESSAGE = 'Your cart is empty. Add products before placing an order.';
export const UNKNOWN_ADDRESS_MESSAGE = 'Please select a shipping address';
export const outOfStockAtCheckout = (names: string[]) =>
  `Out of stock: ${names.join(', ')}. Remove ${names.length > 1 ? 'them' : 'it'} from your cart to place the order.`;


/**
 * Where the order goes: a saved address, or one typed during a conversation's checkout, saved with
 * the order in its transaction (so an abandoned checkout saves nothing, and step by step nothing
 * is written until Confirm).
 */
export type OrderAddress = { addressId: string; newAddress?: never } | { addressId?: never; newAddress: AddressInput };

export type PlaceOrderOptions = Omit<PlaceOrderInput, 'addressId'> & OrderAddress & PlaceOrderExtras;

interface PlaceOrderExtras {
  idempotencyKey?: string;
  channel?: OrderChannel;
  /**
   * Place these lines instead of the cart's (ordering again, a weekly basket): the cart is left as it
   * is. Each must be for sale now; one that is not is refused, named, as the cart's are.
   */
  lines?: readonly OrderAgainLine[];
  /** The weekly basket and week (its Monday) this order is for: a second one for that week is refused. */
  basket?: { id: string; week: string };
  /**
   * The order the shopper was shown as having the same products minutes ago, and who confirms anyway
   * (the conversation's warning); that twin no longer stops this one, a newer one would.
   */
  seenTwin?: string;
}

/** A line to order again: the product and how many, with the name it was ordered under (for messages). */
export interface OrderAgainLine {
  productId: string;
  quantity: number;
  name: string;
}

/** The same products and quantities ordered again within this long are most likely a slip: the shopper is asked first. */
export const DUPLICATE_WINDOW_MINUTES = 10;
export const DUPLICATE_ORDER = 'duplicate_order';

const minutesAgoText = (minutes: number) => (minutes < 1 ? 'just now' : minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`);

/** The 409 naming the order placed minutes ago with the same products: a client confirms with confirmDuplicate. */
function duplicateOrder(twin: DuplicateOf): AppError {
  const message = `You ordered exactly this ${minutesAgoText(twin.minutesAgo)} (order #${twin.orderNumber}). To receive it twice, confirm placing it again`;
  return new AppError(409, message, DUPLICATE_ORDER, [], { duplicateOf: twin });
}

/**
 * The shopper's order of the last 10 minutes (not cancelled) with exactly these products and
 * quantities, if any: placing the same basket twice that soon is what a double tap, a retried
 * USSD session or two faces open at once do, and the groceries would come twice.
 */
export async function recentTwinOrder(
  db: ShopDeps['db'] | Transaction<Database>,
  userId: string,
  lines: readonly { productId: string; quantity: number }[],
  now: Date,
): Promise<DuplicateOf | undefined> {
  if (!lines.length) return undefined;
  // By the shop's clock, the one that stamps an order's created_at (placeOrderIn).
  const since = new Date(now.getTime() - DUPLICATE_WINDOW_MINUTES * 60_000);
  const recent = await db
    .selectFrom('orders')
    .select(['id', 'created_at'])
    .where('user_id', '=', userId)
    .where('status', '<>', 'cancelled')
    .where('created_at', '>=', since)
    .where('created_at', '<=', now)
    .orderBy('created_at', 'desc')
    .execute();
  if (!recent.length) return undefined;
  const placed = await db.selectFrom('order_lines').select(['order_id', 'product_id', 'quantity']).where('order_id', 'in', recent.map((order) => order.id)).execute();
  const key = (of: readonly { productId: string; quantity: number }[]) => of.map((line) => `${line.productId}:${line.quantity}`).sort().join(',');
  const wanted = key(lines);
  const twin = recent.find((order) => key(placed.filter((line) => line.order_id === order.id).map((line) => ({ productId: line.product_id, quantity: line.quantity }))) === wanted);
  if (!twin) return undefined;
  const createdAt = new Date(twin.created_at);
  return { _id: twin.id, orderNumber: orderNumber(twin.id), createdAt: createdAt.toISOString(), minutesAgo: Math.max(0, Math.floor((now.getTime() - createdAt.getTime()) / 60_000)) };
}

/** The shopper's cart, as recentTwinOrder compares it: what Checkout would place now. */
export async function recentTwinOfCart(deps: ShopDeps, userId: string): Promise<DuplicateOf | undefined> {
  const lines = await deps.db.selectFrom('cart_lines').select(['product_id as productId', 'quantity']).where('user_id', '=', userId).execute();
  return recentTwinOrder(deps.db, userId, lines, nowOf(deps));
}

export const notForSaleNow = (names: string[]) => `No longer for sale today: ${names.join(', ')}. The rest can still be ordered.`;

type OrderRow = Selectable<OrdersTable>;
/** An order line with the local names its product and substitute have in the catalog today. */
type OrderLineRow = Selectable<OrderLinesTable> & { local_name?: string | null; substitute_local_name?: string | null };

function oneOf<T extends readonly string[]>(values: T, value: string, fallback: T[number]): T[number] {
  return (values as readonly string[]).includes(value) ? (value as T[number]) : fallback;
}

function toOrder(order: OrderRow, lines: OrderLineRow[], now: Date, history: StatusRow[] = []): Order {
  const address = (typeof order.address === 'string' ? JSON.parse(order.address) : order.address) as OrderAddressSnapshot;
  return {
    _id: order.id,
    invoiceNumber: order.invoice_number,
    createdAt: new Date(order.created_at).toISOString(),
    amount: toFrw(order.amount_minor),
    status: oneOf(ORDER_STATUSES, order.status, 'pending'),
    paymentType: order.payment_type,
    paymentStatus: oneOf(PAYMENT_STATUSES, order.payment_status, 'pending'),
    address: { ...address, sector: address.sector ?? null },
    products: lines.map((line) => ({
      productId: line.product_id,
      productName: line.product_name,
      ...(line.local_name ? { localName: line.local_name } : {}),
      productImage: line.product_image,
      productQuantity: line.quantity,
      unit: line.unit || 'pcs',
      price: toFrw(line.price_minor),
      subtotal: toFrw(line.subtotal_minor),
      productDetails: { productname: line.product_name, productImage: line.product_image },
      estimated: isEstimated(line.unit || 'pcs'),
      substitution: substitutionOf(line.substitution, line.substitute_product_id, 'none'),
      packedQuantity: line.packed_quantity,
      substitutedBy: line.substituted_by
        ? {
            productId: line.substituted_by,
            productName: line.substitute_name ?? '',
            ...(line.substitute_local_name ? { localName: line.substitute_local_name } : {}),
            unit: line.substitute_unit ?? line.unit,
            price: toFrw(line.substitute_price_minor ?? line.price_minor),
            answer: answerNow(line.substitute_answer, line.substitute_answer_by, now),
            answerBy: line.substitute_answer_by ? new Date(line.substitute_answer_by).toISOString() : null,
          }
        : null,
      finalSubtotal: line.final_subtotal_minor === null ? null : toFrw(line.final_subtotal_minor),
      refusedQuantity: line.refused_quantity ?? 0,
    })),
    momoTransactionId: order.momo_transaction_id,
    paymentFailureReason: order.momo_state === 'failed' ? order.payment_failure_reason : null,
    momoRequest: order.momo_state && order.momo_payer_phone ? { state: oneOf(MOMO_STATES, order.momo_state, 'waiting'), payerPhone: order.momo_payer_phone } : null,
    deliveryWindow: orderDeliveryWindow(order.delivery_window_start, order.delivery_window_end, now),
    finalAmount: toFrw(finalGoodsMinor(order)),
    packedAt: order.packed_at ? new Date(order.packed_at).toISOString() : null,
    deliveryFee: order.delivery_fee_minor === null ? null : toFrw(order.delivery_fee_minor),
    total: toFrw(amountToCollectMinor(order)),
    timeline: timelineOf(order, history, now),
  };
}

async function linesOf(db: ShopDeps['db'] | Transaction<Database>, orderIds: string[]): Promise<Map<string, OrderLineRow[]>> {
  const byOrder = new Map<string, OrderLineRow[]>(orderIds.map((id) => [id, []]));
  if (!orderIds.length) return byOrder;
  // The names are the ones placed (a product renamed later keeps its order's name); the local name,
  // which orders never stored, is read from the catalog as the conversation's Track orders reads it.
  const rows = await db
    .selectFrom('order_lines')
    .leftJoin('products', 'products.id', 'order_lines.product_id')
    .leftJoin('products as substitutes', 'substitutes.id', 'order_lines.substituted_by')
    .selectAll('order_lines')
    .select(['products.local_name as local_name', 'substitutes.local_name as substitute_local_name'])
    .where('order_lines.order_id', 'in', orderIds)
    .orderBy('order_lines.position')
    .execute();
  for (const row of rows) byOrder.get(row.order_id)?.push(row);
  return byOrder;
}

/** Orders with their lines and timelines, in one query for all the lines and one for their history; windows named as seen from `now` ("Today"). */
export async function ordersWithLines(db: ShopDeps['db'] | Transaction<Database>, orders: OrderRow[], now = new Date()): Promise<Order[]> {
  const ids = orders.map((order) => order.id);
  const [lines, history] = await Promise.all([linesOf(db, ids), statusRowsOf(db, ids)]);
  return orders.map((order) => toOrder(order, lines.get(order.id) ?? [], now, history.get(order.id)));
}

export async function orderWithLines(db: ShopDeps['db'] | Transaction<Database>, order: OrderRow, now = new Date()): Promise<Order> {
  const [withLines] = await ordersWithLines(db, [order], now);
  return withLines;
}

/**
 * The order's invoice number, INV-<UTC date>-<6 digits of the shop's sequence>, made by the insert
 * itself: one statement fewer in the order's transaction, which holds the embedded database's one connection.
 */
const nextInvoiceNumber = () =>
  sql<string>`(SELECT 'INV-' || to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYYMMDD') || '-' || lpad(n::text, greatest(6, length(n::text)), '0') FROM (SELECT nextval('invoice_numbers') AS n) AS next)`;

export const MOMO_OFF_MESSAGE = 'Pay now with MoMo is not available: choose cash on delivery (MoMo Pay code)';

/**
 * The number MoMo asks to pay (+2507...): the one given, else the delivery phone; refused (400,
 * naming payerPhone) unless it is an MTN MoMo number of Rwanda (orders.schema's one rule and
 * message). Every order and weekly basket paid by MoMo is checked by it.
 */
export function momoPayerPhone(given: string | null | undefined, deliveryPhone: string | null | undefined): string {
  const phone = momoPayerNumber(given ?? deliveryPhone ?? '');
  if (!phone) throw badRequest(MOMO_NUMBER_MESSAGE, [{ msg: MOMO_NUMBER_MESSAGE, param: 'payerPhone' }]);
  return phone;
}

/**
 * Places the order. A MoMo order only records the choice (and the number to ask) here: the request
 * to MTN is made after this transaction commits (by the payments module), never inside it.
 */
export async function placeOrder(deps: ShopDeps, userId: string, input: PlaceOrderOptions): Promise<Order> {
  if (input.paymentType === 'momo' && !deps.config.momo) throw badRequest(MOMO_OFF_MESSAGE, [{ msg: MOMO_OFF_MESSAGE, param: 'paymentType' }]);
  const { order, placedNow } = await inTransaction(deps, ({ trx }) => placeOrderIn(trx, deps, userId, input));
  // The shopper's receipt by e-mail; the answer does not wait for the mail server. A retried
  // request that found the order it placed earlier sends nothing again. The address snapshot
  // carries the account's e-mail, read with the order: without one there is no one to tell.
  if (placedNow && noticeHasReaders('placed', order.address.email)) runInBackground(deps, 'order_notice', () => notifyOrder(deps, order._id, 'placed'));
  return order;
}

/** The lines an order is made of: the cart's, or the ones given, each with the product as sold now. */
async function linesToPlace(trx: Transaction<Database>, userId: string, given: readonly OrderAgainLine[] | undefined) {
  const products = trx
    .selectFrom('products')
    .innerJoin('categories', 'categories.id', 'products.category_id')
    .select(['products.id', 'products.name', 'products.local_name', 'products.image', 'products.unit', 'products.price_minor', 'products.offer_price_minor', 'products.in_stock'])
    // A hidden product (or one in a hidden category) is no longer sold.
    .where('products.hidden', '=', false)
    .where('categories.hidden', '=', false);
  if (!given) {
    return products
      .innerJoin('cart_lines', 'cart_lines.product_id', 'products.id')
      .select(['cart_lines.quantity', 'cart_lines.substitution', 'cart_lines.substitute_product_id'])
      .where('cart_lines.user_id', '=', userId)
      .orderBy('cart_lines.added_at')
      .orderBy('cart_lines.product_id')
      .execute();
  }
  if (!given.length) return [];
  const found = new Map((await products.where('products.id', 'in', given.map((line) => line.productId)).execute()).map((row) => [row.id, row]));
  const gone = given.filter((line) => !found.get(line.productId)?.in_stock).map((line) => found.get(line.productId)?.name ?? line.name);
  if (gone.length) {
    const message = notForSaleNow(gone);
    throw badRequest(message, gone.map((name) => ({ msg: outOfStockMessage(name), param: 'lines' })), 'out_of_stock');
  }
  return given.map((line) => ({ ...found.get(line.productId)!, quantity: line.quantity, substitution: null, substitute_product_id: null }));
}

/**
 * placeOrder's work in a transaction of the caller's: a weekly basket records its run in the same
 * transaction as the order it places. `placedNow` is false when the idempotency key found an earlier order.
 */
export async function placeOrderIn(trx: Transaction<Database>, deps: ShopDeps, userId: string, input: PlaceOrderOptions): Promise<{ order: Order; placedNow: boolean }> {
  // One order placement per shopper at a time: a double click or a retried request waits here,
  // then finds the first order by its idempotency key (or an empty cart) instead of racing it.
  const user = await trx.selectFrom('users').select(['id', 'email']).where('id', '=', userId).forUpdate().executeTakeFirst();
  if (!user) throw notFound('User not found');

  if (input.idempotencyKey) {
    const earlier = await trx
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', userId)
      .where('idempotency_key', '=', input.idempotencyKey)
      .executeTakeFirst();
    if (earlier) return { order: await orderWithLines(trx, earlier, nowOf(deps)), placedNow: false };
  }

  const address = input.newAddress
    ? await insertAddress(trx, userId, input.newAddress)
    : await trx.selectFrom('addresses').selectAll().where('id', '=', input.addressId).where('user_id', '=', userId).executeTakeFirst();
  if (!address) throw badRequest(UNKNOWN_ADDRESS_MESSAGE, [{ msg: UNKNOWN_ADDRESS_MESSAGE, param: 'addressId' }]);

  // A cart line whose product is hidden is left out, as the cart shows it.
  const cartLines = await linesToPlace(trx, userId, input.lines);
  if (!cartLines.length) throw badRequest(EMPTY_CART_MESSAGE, [], 'empty_cart');
  const outOfStock = cartLines.filter((line) => !line.in_stock);
  if (outOfStock.length) {
    const message = outOfStockAtCheckout(outOfStock.map((line) => line.name));
    throw badRequest(message, outOfStock.map((line) => ({ msg: outOfStockMessage(line.name), param: `products.${line.id}` })), 'out_of_stock');
  }

  // The same products and quantities ordered minutes ago: asked first (a weekly basket is the shop's own, never asked).
  if (input.warnIfDuplicate && !input.confirmDuplicate && !input.basket) {
    const twin = await recentTwinOrder(trx, userId, cartLines.map((line) => ({ productId: line.id, quantity: line.quantity })), nowOf(deps));
    if (twin && twin._id !== input.seenTwin) throw duplicateOrder(twin);
  }
  // Stock before the window: every writer takes stock rows before a window's row (cancelling too), so none waits on another in a circle.
  const orderId = newId();
  await reserveStock(trx, { orderId, lines: cartLines.map((line) => ({ productId: line.id, name: line.name, unit: line.unit, quantity: line.quantity })) });

  const { defaultSubstitution } = await getPackingSettings(deps, trx);
  const lines = cartLines.map((line, position) => {
    const priceMinor = effectivePrice(line.price_minor, line.offer_price_minor);
    const named = line.substitution === 'product' && line.substitute_product_id;
    return {
      position,
      product_id: line.id,
      product_name: line.name,
      product_image: line.image,
      unit: line.unit,
      quantity: line.quantity,
      price_minor: priceMinor,
      subtotal_minor: lineMinor(priceMinor, line.quantity),
      // The shopper's choice if it is missing, as the cart showed it (the shop's default when none was made).
      substitution: named ? 'product' : line.substitution === 'none' || line.substitution === 'similar' ? line.substitution : defaultSubstitution,
      substitute_product_id: named ? line.substitute_product_id : null,
    };
  });
  const subtotalMinor = lines.reduce((sum, line) => sum + line.subtotal_minor, 0);
  // The fee of this moment for this place and size (delivery-fees.schema.ts: feeFor), as every face quoted it.
  const fee = await quoteDeliveryFee(deps, placeOf(address), subtotalMinor, trx);
  // Before the window is taken: a refusal here then leaves nothing written (a weekly basket's run
  // records it and goes on in the same transaction).
  const payerPhone = input.paymentType === 'momo' ? momoPayerPhone(input.payerPhone, address.phone_number) : null;
  // Last of the checks, so a refused cart never holds a window's lock longer than it must.
  const window = await reserveDeliveryWindow(trx, deps, input.deliveryWindowId);
  const snapshot: OrderAddressSnapshot = {
    _id: address.id,
    description: address.description,
    city: address.city,
    street: address.street,
    district: address.district,
    sector: address.sector,
    phoneNumber: address.phone_number,
    isDefault: address.is_default,
    ...(user.email ? { email: user.email } : {}),
  };
  const order = await trx
    .insertInto('orders')
    .values({
      id: orderId,
      user_id: userId,
      invoice_number: nextInvoiceNumber(),
      amount_minor: subtotalMinor,
      delivery_fee_minor: feeMinorOf(fee),
      status: 'pending',
      payment_type: input.paymentType,
      payment_status: 'pending',
      address: JSON.stringify(snapshot),
      idempotency_key: input.idempotencyKey ?? null,
      callback_url: input.callbackUrl ?? null,
      channel: input.channel ?? 'web',
      momo_payer_phone: payerPhone,
      delivery_window_start: window.start,
      delivery_window_end: window.end,
      basket_id: input.basket?.id ?? null,
      basket_week: input.basket?.week ?? null,
      // The shop's clock (the database's would do in production; a test's or a flow's clock is the shop's).
      created_at: nowOf(deps),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  // The lines as written come back with the insert: no second read of what was just written.
  const written = await trx
    .insertInto('order_lines')
    .values(lines.map((line) => ({ ...line, order_id: order.id })))
    .returningAll()
    .execute();
  if (!input.lines) await clearCart({ db: trx }, userId);
  // The local names as read with the cart's products, as a later read of the order joins them.
  const localNames = new Map(cartLines.map((line) => [line.id, line.local_name]));
  const withNames = written.sort((a, b) => a.position - b.position).map((line) => ({ ...line, local_name: localNames.get(line.product_id) ?? null }));
  return { order: toOrder(order, withNames, nowOf(deps)), placedNow: true };
}

/** Where an address is, as the fee table reads it: its district, and its sector when it records one. */
export function placeOf(address: { district: string; sector?: string | null }): { district: string; sector: string | null } {
  return { district: address.district, sector: address.sector ?? null };
}

export async function listOrders(deps: ShopDeps, userId: string, query: OrdersQuery): Promise<{ orders: Order[]; pagination: Pagination }> {
  const [rows, { total }] = await Promise.all([
    deps.db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.limit)
      .offset(offsetOf(query.page, query.limit))
      .execute(),
    deps.db
      .selectFrom('orders')
      .select(sql<number>`count(*)::int`.as('total'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { orders: await ordersWithLines(deps.db, rows, nowOf(deps)), pagination: paginate(total, query.page, query.limit) };
}

/** The 8-character order number shoppers see (orderNumber), with or without '#', in any case. */
const ORDER_NUMBER = /^#?([A-Za-z0-9]{8})$/;

/** One of the caller's orders, by its id or by the order number shown on every face. */
export async function getOrder(deps: ShopDeps, userId: string, orderIdOrNumber: string, { withDeliveryCode = false } = {}): Promise<Order> {
  const row = await ownOrderRow(deps, userId, orderIdOrNumber);
  const order = await orderWithLines(deps.db, row, nowOf(deps));
  if (!withDeliveryCode || row.status !== 'shipped') return order;
  return { ...order, deliveryCode: await deliveryCodeOf(deps, row.id) };
}

/** GET /order/{id}/receipt: the receipt of one of the shopper's own delivered orders. */
export async function shopperReceipt(deps: ShopDeps, userId: string, orderIdOrNumber: string): Promise<Receipt> {
  return receiptOfOrder(deps, (await ownOrderRow(deps, userId, orderIdOrNumber)).id);
}

/** One of the shopper's own orders, by its id or the 8-character number they see; 404 for anyone else's. */
async function ownOrderRow(deps: ShopDeps, userId: string, orderIdOrNumber: string): Promise<OrderRow> {
  const wanted = orderIdOrNumber.trim();
  const number = ORDER_NUMBER.exec(wanted)?.[1];
  const row = await deps.db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where((eb) => (number ? eb.or([eb('id', '=', wanted), eb(sql`upper(right(id, 8))`, '=', number.toUpperCase())]) : eb('id', '=', wanted)))
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) throw notFound('Order not found');
  return row;
}

/**
 * The code the shopper gives the rider (dispatch makes it at pick-up): read for the shopper's own
 * order page only, never for a channel a rider or a shared phone may read (USSD, WhatsApp).
 */
async function deliveryCodeOf(deps: ShopDeps, orderId: string): Promise<string | undefined> {
  const row = await deps.db.selectFrom('delivery_codes').select('code').where('order_id', '=', orderId).executeTakeFirst();
  return row?.code;
}
