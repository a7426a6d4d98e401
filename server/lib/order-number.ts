// The order number a shopper sees on every face and reads out on the phone. Here, below the modules,
// because the delivery calendar (which orders sits on) names orders by it too.

/** The last 8 characters of the order's id, upper-cased. */
export function orderNumber(orderId: string): string {
  return orderId.slice(-8).toUpperCase();
}
