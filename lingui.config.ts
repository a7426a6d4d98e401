// The storefront's message catalogs (Lingui, gettext PO files). English is the source, written in the code
// itself (t`...`, msg`...`) and kept there compiled (web/lingui-macro.ts), so English needs no catalog;
// Kinyarwanda and French are translations in web/src/locales/<language>/. `npm run i18n:extract`
// collects the messages, then fills the sentences the conversation already says from its catalogues
// (scripts/i18n-shared.ts; docs/decisions/014-storefront-languages.md). Lingui's Vite plugin compiles a
// catalog when the app imports it, so only compiled messages reach a phone.
//
// Two catalogs per language: `shell`, the words of the frame and the home page's first screen (loaded
// before the first paint), and `pages`, everything else (loaded right after, before any other screen
// shows: lib/i18n/i18n.ts), so a phone's first load carries only the words it shows first. A sentence
// said before `pages` has arrived (a toast in the first second) is said in English, compiled in the code.
import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/** What the first paint of any page shows: the frame (header, offline banner) and the home page's first screen. */
const SHELL = [
  '<rootDir>/web/src/app/layout',
  '<rootDir>/web/src/components/ui/spinner.tsx',
  '<rootDir>/web/src/components/ui/toast.tsx',
  '<rootDir>/web/src/features/layout/components/header.tsx',
  '<rootDir>/web/src/features/layout/components/header-search.tsx',
  '<rootDir>/web/src/features/layout/components/nav-links.ts',
  '<rootDir>/web/src/features/layout/components/site-logo.tsx',
  '<rootDir>/web/src/features/layout/components/account-menu.tsx',
  '<rootDir>/web/src/features/layout/components/cart-button.tsx',
  '<rootDir>/web/src/features/layout/components/language-switcher.tsx',
  '<rootDir>/web/src/features/home/pages',
  '<rootDir>/web/src/features/home/components/hero-slider.tsx',
  '<rootDir>/web/src/features/home/components/feature-cards.tsx',
  '<rootDir>/web/src/features/home/components/splash.tsx',
];

/** Sentences the server says, listed for translation only: they come with the server's replies. */
const SERVER_SENTENCES = '<rootDir>/web/src/locales/server-sentences.ts';

const NOT_TRANSLATED = ['**/features/staff/**', '**/*.test.{ts,tsx}', '**/test/**'];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'rw', 'fr'],
  // A sentence not yet translated compiles to its English, never to its id.
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/web/src/locales/{locale}/shell',
      include: SHELL,
      exclude: [SERVER_SENTENCES, ...NOT_TRANSLATED],
    },
    {
      path: '<rootDir>/web/src/locales/{locale}/pages',
      include: ['<rootDir>/web/src'],
      // The staff console speaks English only (docs/decisions/014-storefront-languages.md).
      // Lingui's exclude takes globs: a folder of the shell is every file under it.
      exclude: [...SHELL.map((entry) => (/\.tsx?$/.test(entry) ? entry : `${entry}/**`)), ...NOT_TRANSLATED],
    },
  ],
  // File names without line numbers: a catalog changes when a message does, not when code moves.
  format: formatter({ lineNumbers: false }),
  orderBy: 'message',
});
