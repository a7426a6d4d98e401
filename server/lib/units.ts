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

/** Units sold by measure (weight, volume): a count of them may have decimals ("2.5 kg"); every other unit is counted whole. */
const MEASURED_UNITS: ReadonlySet<string> = new Set(['kg', 'g', 'gram', 'grams', 'l', 'litre', 'litres', 'liter', 'liters', 'ml']);

/** Whether a product sold by this unit is measured (kg, litre), so its stock may hold part of a unit, or counted in whole pieces. */
export function isMeasuredUnit(unit: string): boolean {
  return MEASURED_UNITS.has(unit.trim().toLowerCase());
}

/** A count as shoppers read it: whole numbers bare, parts of a measured unit to at most three decimals ("2.5"). */
export function countText(count: number): string {
  return String(Math.round(count * 1000) / 1000);
}

/** "Only 3 left" on a product, "Only 2.5 kg left" for a measured unit: how the storefront says a count is low. */
export function onlyLeftText(available: number, unit: string): string {
  return isMeasuredUnit(unit) ? `Only ${countText(available)} ${unitWord(unit, available)} left` : `Only ${countText(available)} left`;
}

/** "Only 2 kg of Tomatoes left", "Only 1 tray of Eggs left": why a quantity cannot be had, naming what is left. */
export function onlyLeftOf(name: string, available: number, unit: string): string {
  return `Only ${countText(available)} ${unitWord(unit, available)} of ${name} left`;
}
