// Money is integer minor units (1/100 frw) inside the server; the API speaks frw numbers.
// The web imports this file too (no server-only imports here), so every face prices and shows money alike.
import type { Language } from './languages';

export const toMinor = (frw: number): number => Math.round(frw * 100);
export const toFrw = (minor: number): number => minor / 100;

/**
 * The price a shopper pays: the offer when there is one (above zero) and it is lower than the price.
 * The rule compares, never converts: pass both in minor units or both in frw.
 */
export function effectivePrice(price: number, offer: number | null | undefined): number {
  return offer != null && offer > 0 && offer < price ? offer : price;
}

/** Whether an offer applies at all: the same rule, as a yes or no. */
export const hasOffer = (price: number, offer: number | null | undefined): offer is number => effectivePrice(price, offer) !== price;

const grouping = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * How each language writes an amount (CLDR's patterns for en, rw and fr): 'frw 1,500.00',
 * 'frw 1.500,00', '1 500,00 frw' (a narrow no-break space between thousands). Written out rather than
 * asked of Intl, whose Kinyarwanda data a phone's browser may not carry.
 */
const AMOUNT_IN: Record<Language, (english: string) => string> = {
  en: (english) => `frw ${english}`,
  rw: (english) => `frw ${english.replace(/[,.]/g, (mark) => (mark === ',' ? '.' : ','))}`,
  fr: (english) => `${english.replace(/[,.]/g, (mark) => (mark === ',' ? '\u202f' : ','))} frw`,
};

/** 'frw 1,500.00' for an amount in frw (as the API speaks), as every face shows money; other languages as they write it. */
export const formatFrwAmount = (frw: number, language: Language = 'en'): string => AMOUNT_IN[language](grouping.format(frw));

/** The same, for an amount in minor units (as the server computes). */
export const formatFrw = (minor: number): string => formatFrwAmount(minor / 100);
