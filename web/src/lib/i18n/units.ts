// A unit as the shopper's language says it, for prices ("/kg", "/ikiro", "/botte"). English keeps the
// catalog's own word, as docs/product.md shows it. Apart from the date formats, so a price on the home page
// does not bring the date library with it.
import { msg } from '@lingui/core/macro';
import { i18n } from '@lingui/core';
import { countText, isMeasuredUnit, quantityWithUnit, unitWord } from '@server/lib/units';
import { currentLanguage } from './i18n';
import type { Language } from './languages';

/** A unit as the price shows it ("/kg", "/ikiro"): the catalog's own word in English. */
export function unitName(unit: string, count = 1, language: Language = currentLanguage()): string {
  return language === 'en' ? unit : unitWord(unit, count, language);
}

/**
 * "Only 3 left", "Only 2.5 kg left": a low count in the shopper's language. The English is the
 * storefront's own (server/lib/units.ts onlyLeftText) and the sentence the conversation says, so its
 * catalogues translate it (npm run i18n:extract).
 */
export function onlyLeftIn(available: number, unit: string, language: Language = currentLanguage()): string {
  const count = Number(countText(available));
  const quantity = isMeasuredUnit(unit) ? quantityWithUnit(count, unit, language) : countText(count);
  return i18n._(msg`Only ${quantity} left`);
}
