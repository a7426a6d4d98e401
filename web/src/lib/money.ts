// Prices as the spec shows them: 'frw' and two decimals, with thousands separators (frw 1,500.00).
// The price rule and the format are the server's own (server/lib/money.ts), so the web never differs.
import { effectivePrice, formatFrw, toMinor } from '@server/lib/money';

export { effectivePrice } from '@server/lib/money';

/** An amount in frw (as the API sends it) as the shop shows it; anything not a number shows as frw 0.00. */
export function formatMoney(amount: number | null | undefined): string {
  return formatFrw(Number.isFinite(amount) ? toMinor(Number(amount)) : 0);
}

/** Percent off, rounded to a whole percent; 0 when there is no offer. */
export function percentOff(price: number, offerPrice?: number | null): number {
  const paid = effectivePrice(price, offerPrice);
  if (!price || paid >= price) return 0;
  return Math.round(((price - paid) / price) * 100);
}
