// Which of the shop's languages (server/lib/languages.ts: the conversation's too) the storefront speaks
// to this shopper: the one they chose in the header, remembered on this phone; on a first visit, the
// first of the phone's own languages the shop speaks; else English.
import { isLanguage, type Language } from '@server/lib/languages';

export { isLanguage, type Language };

const STORAGE_KEY = 'language';

/** The order the header offers them in: Kigali's own language first. */
export const OFFERED: readonly Language[] = ['rw', 'en', 'fr'];

/** Each language named in its own words, as the header's switcher offers it. */
export const LANGUAGE_NAMES: Record<Language, string> = { rw: 'Kinyarwanda', en: 'English', fr: 'Français' };

/** The tag for `<html lang>`, Intl and assistive technology. */
export const LANGUAGE_TAGS: Record<Language, string> = { rw: 'rw', en: 'en', fr: 'fr' };

export function storedLanguage(): Language | null {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

export function rememberLanguage(language: Language): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Storage full or disabled: the choice lasts for this page only.
  }
}

/** The first of the phone's languages the shop speaks ("rw-RW" is Kinyarwanda, "fr-FR" French). */
export function phoneLanguage(preferred: readonly string[] = navigator.languages ?? [navigator.language]): Language | null {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return null;
}

/** The language to start in: the shopper's choice, else the phone's, else English. */
export function startLanguage(): Language {
  return storedLanguage() ?? phoneLanguage() ?? 'en';
}
