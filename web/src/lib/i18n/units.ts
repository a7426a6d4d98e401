// A unit as the shopper's language says it, for prices ("/kg", "/ikiro", "/botte"). English keeps the
// catalog's own word, as the spec shows it. Apart from the date formats, so a price on the home page
// does not bring the date library with it.
import { unitWord } from '@server/lib/units';
import { currentLanguage } from './i18n';
import type { Language } from './languages';

/** A unit as the price shows it ("/kg", "/ikiro"): the catalog's own word in English. */
export function unitName(unit: string, count = 1, language: Language = currentLanguage()): string {
  return language === 'en' ? unit : unitWord(unit, count, language);
}
