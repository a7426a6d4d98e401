// How orders read on screen: dates in the shopper's language, the number of items, the payment method's name.
import { t } from '@lingui/core/macro';
import { deliveryWindowName, formatDate } from '@web/lib/i18n/format';
import type { Order, OrderLine } from '@server/modules/orders/orders.schema';
import { localNameIn } from '@server/lib/local-name';
import { currentLanguage } from '@web/lib/i18n/i18n';
import { cashWords } from '@web/lib/i18n/payment-words';

export function itemCount(order: Pick<Order, 'products'>): number {
  return (order.products ?? []).reduce((sum, line) => sum + (Number(line.productQuantity) || 0), 0);
}

export function orderSubtotal(order: Pick<Order, 'products'>): number {
  return (order.products ?? []).reduce((sum, line) => sum + lineTotal(line), 0);
}

export function lineTotal(line: OrderLine): number {
  return Number.isFinite(line.subtotal) ? line.subtotal : (Number(line.price) || 0) * (Number(line.productQuantity) || 0);
}

/**
 * docs/product.md section 3: the line's name and image may sit in several places depending on who wrote
 * the order. In Kinyarwanda its local name comes first ("Amashu"), as on the product cards and the cart.
 */
export function lineName(line: OrderLine): string {
  return localNameIn(line, currentLanguage()) ?? (line.productName || line.productDetails?.productname || t`Unknown Product`);
}

/** A packed substitute's name, in Kinyarwanda its local name too. */
export const substituteName = (substitute: NonNullable<OrderLine['substitutedBy']>): string => localNameIn(substitute, currentLanguage()) ?? substitute.productName;

export function lineImage(line: OrderLine): string | undefined {
  return line.productImage || line.productDetails?.productImage || undefined;
}

/**
 * When the order comes: its delivery window as the server names it ("Today 16:00–18:00"); an order
 * placed before the shop had windows shows the day it was placed.
 */
export function deliveryWhen(order: Pick<Order, 'deliveryWindow' | 'createdAt'>): string {
  return order.deliveryWindow ? deliveryWindowName(order.deliveryWindow) : formatDate(order.createdAt, 'long');
}

export function paymentMethodName(paymentType: string): string {
  if (paymentType === 'momo') return t`Pay now with MoMo (MTN MoMo request to pay)`;
  return paymentType === 'cash' ? cashWords.name() : paymentType;
}
