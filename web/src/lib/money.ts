// Prices as docs/product.md shows them: 'frw' and two decimals, with thousands separators (frw 1,500.00),
// and as Kinyarwanda and French write them. The price rule and the format are the server's own
// (server/lib/money.ts), so the web never differs.
import { effectivePrice, formatFrwAmount } from '@server/lib/money';
import { currentLanguage } from './i18n/i18n';

export { effectivePrice } from '@server/lib/money';

/** An amount in frw (as the API sends it) as the shop shows it; a missing amount shows as frw 0.00. */
export function formatMoney(amount: number | null | undefined): string {
  return formatFrwAmount(Number(amount) || 0, currentLanguage());
}

/** Percent off, rounded to a whole percent; 0 when there is no offer. */
export function percentOff(price: number, offerPrice?: number | null): number {
  // The shared rule never pays more than the price, so without an offer this is 0.
  return price > 0 ? Math.round((1 - effectivePrice(price, offerPrice) / price) * 100) : 0;
}
