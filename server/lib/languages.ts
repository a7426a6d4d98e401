// The shop's languages: one list, with the type and the check made from it. Whatever speaks to a
// shopper in their language (the conversation, order notices, delivery and basket texts, MoMo
// reasons, units) takes them from here; each language's own words live beside the text they belong to,
// in a Record<Language, …> that the type checker holds to this list.
export const LANGUAGES = ['en', 'rw', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** A stored choice as a language: the one it names, else English (the shop's language for everyone who chose none). */
export const languageOr = (value: unknown): Language => (isLanguage(value) ? value : 'en');
