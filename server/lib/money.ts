// Money is integer minor units (1/100 frw) inside the server; the API speaks frw numbers.
export const toMinor = (frw: number): number => Math.round(frw * 100);
export const toFrw = (minor: number): number => minor / 100;

/** The price a shopper pays: the offer when there is one and it is lower. */
export function effectivePriceMinor(priceMinor: number, offerMinor: number | null | undefined): number {
  return offerMinor != null && offerMinor > 0 && offerMinor < priceMinor ? offerMinor : priceMinor;
}

const grouping = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 'frw 1,500.00', as every face shows money. */
export function formatFrw(minor: number): string {
  return `frw ${grouping.format(minor / 100)}`;
}
