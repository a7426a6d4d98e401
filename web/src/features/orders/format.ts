// How orders read on screen: dates via date-fns, the number of items, the payment method's name.
import { format, isValid, parseISO } from 'date-fns';
import type { Order, OrderLine } from '@server/modules/orders/orders.schema';
import { CASH_WORDS, MOMO_WORDS } from '@server/lib/payment-words';

export function formatOrderDate(iso: string | undefined, pattern = 'd MMM yyyy'): string {
  if (!iso) return '—';
  const date = parseISO(iso);
  return isValid(date) ? format(date, pattern) : '—';
}

export function itemCount(order: Pick<Order, 'products'>): number {
  return (order.products ?? []).reduce((sum, line) => sum + (Number(line.productQuantity) || 0), 0);
}

export function orderSubtotal(order: Pick<Order, 'products'>): number {
  return (order.products ?? []).reduce((sum, line) => sum + lineTotal(line), 0);
}

export function lineTotal(line: OrderLine): number {
  return Number.isFinite(line.subtotal) ? line.subtotal : (Number(line.price) || 0) * (Number(line.productQuantity) || 0);
}

/** docs/product.md section 3: the line's name and image may sit in several places depending on who wrote the order. */
export function lineName(line: OrderLine): string {
  return line.productName || line.productDetails?.productname || 'Unknown Product';
}

export function lineImage(line: OrderLine): string | undefined {
  return line.productImage || line.productDetails?.productImage || undefined;
}

/**
 * When the order comes: its delivery window as the server names it ("Today 16:00–18:00"); an order
 * placed before the shop had windows shows the day it was placed.
 */
export function deliveryWhen(order: Pick<Order, 'deliveryWindow' | 'createdAt'>): string {
  return order.deliveryWindow?.label ?? formatOrderDate(order.createdAt, 'EEEE, d MMMM yyyy');
}

export function paymentMethodName(paymentType: string): string {
  if (paymentType === 'momo') return `${MOMO_WORDS.name} (MTN MoMo request to pay)`;
  return paymentType === 'cash' ? CASH_WORDS.name : paymentType;
}
