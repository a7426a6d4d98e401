// What an order is owed: one rule for every face, MTN's request-to-pay, the rider at the door and the
// cash ledger, so a change (packing's final amount, a fee agreed at the door, a line refused) is made
// in one place. Plain functions over an order row's money columns, in minor units; no zod.

/** An order's money columns (minor units), as the orders table keeps them. */
export interface OrderMoney {
  amount_minor: number;
  refused_minor: number;
  delivery_fee_minor: number | null;
  paid_minor: number;
}

/**
 * The goods the shopper pays for: the amount placed, less the lines refused at the door. When the
 * packing module records what was packed, its final amount replaces the amount placed here, and only here.
 */
export function goodsMinor(order: Pick<OrderMoney, 'amount_minor' | 'refused_minor'>): number {
  return Math.max(0, order.amount_minor - order.refused_minor);
}

/** What the shopper owes in all: the goods and the delivery fee (none while negotiable and not yet agreed). */
export function amountToCollectMinor(order: Pick<OrderMoney, 'amount_minor' | 'refused_minor' | 'delivery_fee_minor'>): number {
  return goodsMinor(order) + (order.delivery_fee_minor ?? 0);
}

/** What is still to be paid now: the amount to collect less what has been paid (never below zero). */
export function amountDueMinor(order: OrderMoney): number {
  return Math.max(0, amountToCollectMinor(order) - order.paid_minor);
}
