// What an order is owed: one rule for every face, MTN's request-to-pay, the rider at the door and the
// cash ledger, so a change (packing's final amount, a fee agreed at the door, a line refused) is made
// in one place. Plain functions over an order row's money columns, in minor units; no zod.

/** An order's money columns (minor units), as the orders table keeps them. */
export interface OrderMoney {
  amount_minor: number;
  /** What was packed (docs/packing.md); null until packing ends, when amount_minor is still the estimate. */
  final_amount_minor: number | null;
  refused_minor: number;
  delivery_fee_minor: number | null;
  paid_minor: number;
}

/** The goods as packed once packing ended, until then as placed (an estimate when a line is weighed). */
export function finalGoodsMinor(order: Pick<OrderMoney, 'amount_minor' | 'final_amount_minor'>): number {
  return order.final_amount_minor ?? order.amount_minor;
}

/**
 * The goods the shopper pays for: the packed amount (the amount placed until packed), less the lines
 * refused at the door (valued as packed: order-delivery.service.ts refuseLines).
 */
export function goodsMinor(order: Pick<OrderMoney, 'amount_minor' | 'final_amount_minor' | 'refused_minor'>): number {
  return Math.max(0, finalGoodsMinor(order) - order.refused_minor);
}

/** What the shopper owes in all: the goods and the delivery fee (none while negotiable and not yet agreed). */
export function amountToCollectMinor(order: Pick<OrderMoney, 'amount_minor' | 'final_amount_minor' | 'refused_minor' | 'delivery_fee_minor'>): number {
  return goodsMinor(order) + (order.delivery_fee_minor ?? 0);
}

/** What is still to be paid now: the amount to collect less what has been paid (never below zero). */
export function amountDueMinor(order: OrderMoney): number {
  return Math.max(0, amountToCollectMinor(order) - order.paid_minor);
}
