// The storefront's words in the shopper's language: Lingui's i18n. English, the source language, is
// compiled into the code itself (web/lingui-macro.ts); Kinyarwanda and French each come as two compiled
// catalogs (lingui.config.ts): the first screen's words before the first paint, the rest right after.
// A phone downloads its own language's messages, never all three. Components translate with t`...`
// (@lingui/core/macro); choosing a language renders the app again from its root (app/providers.tsx).
import { i18n, type Messages } from '@lingui/core';
import { create } from 'zustand';
import { LANGUAGE_TAGS, rememberLanguage, startLanguage, type Language } from './languages';

export { i18n };

type Catalog = () => Promise<{ messages: Messages }>;
type Translated = Exclude<Language, 'en'>;

/** Each translated language's catalogs, each its own chunk (web/src/locales/<language>/). */
const CATALOGS: Record<Translated, { shell: Catalog; pages: Catalog }> = {
  rw: { shell: () => import('@web/locales/rw/shell.po'), pages: () => import('@web/locales/rw/pages.po') },
  fr: { shell: () => import('@web/locales/fr/shell.po'), pages: () => import('@web/locales/fr/pages.po') },
};

/** Settles once the active language's words for every screen are loaded (at once for English). */
let pagesLoaded: Promise<void> = Promise.resolve();

async function activate(language: Language): Promise<void> {
  if (language === 'en') {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    pagesLoaded = Promise.resolve();
  } else {
    const { messages } = await CATALOGS[language].shell();
    // A copy: the pages' words are added to it, never to the module's own object.
    i18n.loadAndActivate({ locale: language, messages: { ...messages } });
    pagesLoaded = loadPages(language);
  }
  document.documentElement.lang = LANGUAGE_TAGS[language];
}

/** The rest of a language's words, added to what is loaded; a failure (offline) leaves English for them. */
async function loadPages(language: Translated): Promise<void> {
  try {
    const { messages } = await CATALOGS[language].pages();
    if (i18n.locale === language) i18n.load(language, messages);
  } catch {
    // Not cached and no network: those screens speak English (the compiled source) until the next visit.
  }
}

/**
 * A lazily loaded screen that waits for its words too: `lazy(withMessages(() => import(...)))`, so a
 * screen never shows before its language's messages are in.
 */
export function withMessages<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    const [module] = await Promise.all([load(), pagesLoaded]);
    return module;
  };
}

interface LanguageState {
  language: Language;
  /** Loads the language's messages, then shows the whole app in it and remembers the choice. */
  choose(language: Language): Promise<void>;
}

export const useLanguage = create<LanguageState>()((set) => ({
  language: 'en',
  async choose(language) {
    await activate(language);
    await pagesLoaded;
    rememberLanguage(language);
    set({ language });
  },
}));

/**
 * Before the first render: the shopper's language, or English when its first catalog cannot be had (a
 * phone offline that never downloaded it).
 */
export async function startI18n(language: Language = startLanguage()): Promise<void> {
  try {
    await activate(language);
  } catch {
    await activate('en');
    language = 'en';
  }
  useLanguage.setState({ language });
}

/** The language the app speaks now. */
export const currentLanguage = (): Language => useLanguage.getState().language;
