// Prices as the spec shows them: 'frw' and two decimals, with thousands separators (frw 1,500.00).
const formatter = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatMoney(amount: number | null | undefined): string {
  return `frw ${formatter.format(Number.isFinite(amount) ? Number(amount) : 0)}`;
}

/** The price a shopper pays: the offer when there is one and it is lower. */
export function effectivePrice(price: number, offerPrice?: number | null): number {
  return offerPrice != null && offerPrice > 0 && offerPrice < price ? offerPrice : price;
}

/** Percent off, rounded to a whole percent; 0 when there is no offer. */
export function percentOff(price: number, offerPrice?: number | null): number {
  const paid = effectivePrice(price, offerPrice);
  if (!price || paid >= price) return 0;
  return Math.round(((price - paid) / price) * 100);
}
