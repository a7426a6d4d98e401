// A quantity with its unit as a shopper reads it, in English, Kinyarwanda or French: "1 tray",
// "2 trays", "amacupa 2". Shared by the storefront and the conversation, so "Qty: 2 tray" is wrong nowhere.
import type { Language } from './languages';

/** One and many, per language, for the units the catalog uses. Kinyarwanda: words to review with a speaker. */
const UNIT_WORDS: Record<string, Record<Language, readonly [one: string, many: string]>> = {
  kg: { en: ['kg', 'kg'], fr: ['kg', 'kg'], rw: ['ikiro', 'ibiro'] },
  litre: { en: ['litre', 'litres'], fr: ['litre', 'litres'], rw: ['litiro', 'litiro'] },
  piece: { en: ['piece', 'pieces'], fr: ['piece', 'pieces'], rw: ['igice', 'ibice'] },
  pcs: { en: ['pc', 'pcs'], fr: ['piece', 'pieces'], rw: ['igice', 'ibice'] },
  bunch: { en: ['bunch', 'bunches'], fr: ['botte', 'bottes'], rw: ['umuba', 'imiba'] },
  dozen: { en: ['dozen', 'dozen'], fr: ['douzaine', 'douzaines'], rw: ['dazeni', 'dazeni'] },
  loaf: { en: ['loaf', 'loaves'], fr: ['pain', 'pains'], rw: ['umugati', 'imigati'] },
  pack: { en: ['pack', 'packs'], fr: ['paquet', 'paquets'], rw: ['ipaki', 'amapaki'] },
  bottle: { en: ['bottle', 'bottles'], fr: ['bouteille', 'bouteilles'], rw: ['icupa', 'amacupa'] },
  tin: { en: ['tin', 'tins'], fr: ['boite', 'boites'], rw: ['agakebe', 'udukebe'] },
  tray: { en: ['tray', 'trays'], fr: ['plateau', 'plateaux'], rw: ['agatebo', 'udutebo'] },
};

/** French counts 0 and 1 as one ("0 article"); English and Kinyarwanda only 1. */
export function isOne(count: number, language: Language = 'en'): boolean {
  return language === 'fr' ? count < 2 : count === 1;
}

/** A unit staff typed that the table does not know: English's regular plural ("box" -> "boxes"); abbreviations stay. */
function regularPlural(unit: string): string {
  if (!/^[a-z]{3,}$/i.test(unit)) return unit;
  if (/(s|x|z|ch|sh)$/i.test(unit)) return `${unit}es`;
  if (/[^aeiou]y$/i.test(unit)) return `${unit.slice(0, -1)}ies`;
  return `${unit}s`;
}

/** The unit's word for this many: unitWord('tray', 2) is "trays". */
export function unitWord(unit: string, count: number, language: Language = 'en'): string {
  const words = UNIT_WORDS[unit.toLowerCase()]?.[language];
  if (words) return isOne(count, language) ? words[0] : words[1];
  return isOne(count, language) || language !== 'en' ? unit : regularPlural(unit);
}

/** "2 trays", "1 kg"; Kinyarwanda puts the number after the noun ("amacupa 2"). */
export function quantityWithUnit(count: number, unit: string, language: Language = 'en'): string {
  const word = unitWord(unit, count, language);
  return language === 'rw' && UNIT_WORDS[unit.toLowerCase()] ? `${word} ${count}` : `${count} ${word}`;
}
