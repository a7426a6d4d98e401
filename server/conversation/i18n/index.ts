// The conversation's languages and a translator over their catalogues.
import { en, type Catalogue, type MessageKey } from './en';
import { fr } from './fr';
import { rw } from './rw';

export const LANGUAGES = ['en', 'rw', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export type { MessageKey };

export const catalogues: Record<Language, Catalogue> = { en, rw, fr };

export type Params = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: Params) => string;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function translator(language: Language): Translate {
  const catalogue = catalogues[language];
  return (key, params = {}) =>
    catalogue[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
