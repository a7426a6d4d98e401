// A delivered order's receipt (docs/receipts.md), made from what the order keeps: its lines as placed,
// packed and refused at the door, the fee, and its payments. Nothing is stored for it: the receipt of
// an order reads the same every time, as every row it is made from is final once the order is delivered.
import type { Selectable } from 'kysely';
import type { OrderAddressSnapshot, OrderLinesTable, OrderPaymentsTable, OrdersTable } from '../../db/schema';
import type { ShopDeps } from '../../lib/deps';
import { conflict, notFound } from '../../lib/errors';
import { toFrw } from '../../lib/money';
import { deliveredOf, refusedValueMinor } from './packed-sales.service';
import { localPhone } from '../../lib/phone';
import { amountToCollectMinor, goodsMinor } from './order-amounts.schema';
import { PAYMENT_METHODS, type PaymentMethod } from './order-lists.schema';
import { orderNumber } from './orders.schema';
import type { Receipt, ReceiptLine } from './receipt.schema';

export const notDeliveredYet = (number: string) => `Order ${number} is not delivered yet: its receipt is made when it is delivered`;

type LineRow = Selectable<OrderLinesTable>;
type OrderRow = Selectable<OrdersTable>;

/**
 * A line as the receipt shows it: ordered, sent (what was packed, of the substitute when there was
 * one), refused at the door, and what the shopper pays for it: its final subtotal less the refused
 * part, valued as the door valued it (order-delivery.service.ts: refuseLines).
 */
function receiptLine(line: LineRow, deliveredAt: Date): ReceiptLine {
  const sent = deliveredOf(line, deliveredAt);
  const finalMinor = line.final_subtotal_minor ?? line.subtotal_minor;
  const refusedMinor = refusedValueMinor(sent, line.refused_quantity);
  const substituted = Boolean(line.substituted_by) && sent.productId !== line.product_id;
  return {
    productId: line.product_id,
    name: line.product_name,
    unit: line.unit || 'pcs',
    price: toFrw(line.price_minor),
    ordered: line.quantity,
    sent: sent.quantity,
    sentUnit: sent.unit || line.unit || 'pcs',
    refused: line.refused_quantity,
    substitutedBy: substituted ? line.substitute_name : null,
    amount: toFrw(Math.max(0, finalMinor - refusedMinor)),
  };
}

function paymentMethod(method: string): PaymentMethod {
  return (PAYMENT_METHODS as readonly string[]).includes(method) ? (method as PaymentMethod) : 'cash';
}

/** "Yellow house, KN 2 St, Muhima, Nyarugenge": the door the order went to, landmark first. */
function addressLine(address: OrderAddressSnapshot & { sector?: string | null }): string {
  return [address.description, address.street, address.sector, address.district, address.city].filter(Boolean).join(', ');
}

async function receiptOf(deps: ShopDeps, order: OrderRow): Promise<Receipt> {
  if (order.status !== 'delivered') throw conflict(notDeliveredYet(orderNumber(order.id)));
  const [lines, payments, shopper] = await Promise.all([
    deps.db.selectFrom('order_lines').selectAll().where('order_id', '=', order.id).orderBy('position').execute(),
    deps.db.selectFrom('order_payments').selectAll().where('order_id', '=', order.id).orderBy('recorded_at').orderBy('id').execute(),
    deps.db.selectFrom('users').select(['full_name', 'phone_number']).where('id', '=', order.user_id).executeTakeFirstOrThrow(),
  ]);
  // Orders delivered before the shop kept the time read their last change.
  const deliveredAt = new Date(order.delivered_at ?? order.updated_at);
  const address = (typeof order.address === 'string' ? JSON.parse(order.address) : order.address) as OrderAddressSnapshot;
  const paidMinor = payments.reduce((sum, payment) => sum + payment.amount_minor, 0);
  const totalMinor = amountToCollectMinor(order);
  const { shop } = deps.config;
  return {
    orderId: order.id,
    orderNumber: orderNumber(order.id),
    invoiceNumber: order.invoice_number,
    placedAt: new Date(order.created_at).toISOString(),
    deliveredAt: deliveredAt.toISOString(),
    shop: { name: shop.businessName || shop.shopName, phone: shop.supportPhone, email: shop.supportEmail },
    customer: { fullName: shopper.full_name, phoneNumber: localPhone(address.phoneNumber || shopper.phone_number || '') },
    address: addressLine(address),
    lines: lines.map((line) => receiptLine(line, deliveredAt)),
    goods: toFrw(goodsMinor(order)),
    deliveryFee: order.delivery_fee_minor === null ? null : toFrw(order.delivery_fee_minor),
    total: toFrw(totalMinor),
    payments: payments.map((payment: Selectable<OrderPaymentsTable>) => ({
      method: paymentMethod(payment.method),
      amount: toFrw(payment.amount_minor),
      at: new Date(payment.recorded_at).toISOString(),
      reference: payment.momo_transaction_id,
    })),
    paid: toFrw(paidMinor),
    balance: toFrw(Math.max(0, totalMinor - paidMinor)),
  };
}

/**
 * The receipt of an order, by id: for staff (GET /admin/orders/{id}/receipt), the delivery e-mail, and
 * the shopper once their own order was found (orders.service.ts: shopperReceipt). 409 before delivery.
 */
export async function receiptOfOrder(deps: ShopDeps, orderId: string): Promise<Receipt> {
  const order = await deps.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  if (!order) throw notFound('Order not found');
  return receiptOf(deps, order);
}
