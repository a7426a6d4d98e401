// The conversation's languages and a translator over their catalogues.
import { en, type Catalogue, type MessageKey } from './en';
import { fr } from './fr';
import { rw } from './rw';
import { isOne } from '../../lib/units';

import type { Language } from '../../lib/languages';

// The conversation speaks the shop's languages (lib/languages.ts), each with a catalogue.
export { LANGUAGES, isLanguage, type Language } from '../../lib/languages';
export type { MessageKey };

export const catalogues: Record<Language, Catalogue> = { en, rw, fr };

export type Params = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: Params) => string;

/**
 * Fills a message's {name} places; {count|item|items} picks the word for that many by the
 * language's rule (French says "1 article" and "0 article", English "0 items").
 */
export function translator(language: Language): Translate {
  const catalogue = catalogues[language];
  return (key, params = {}) =>
    catalogue[key]
      .replace(/\{(\w+)\|([^|}]*)\|([^}]*)\}/g, (whole, name: string, one: string, many: string) =>
        name in params ? (isOne(Number(params[name]), language) ? one : many) : whole,
      )
      .replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
