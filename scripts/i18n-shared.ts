// The second half of `npm run i18n:extract` (after `lingui extract`): the sentences the storefront and the
// conversation both say are written once, in the conversation's catalogues (server/conversation/i18n),
// and copied from there into the storefront's catalogs (web/src/locales/<language>/*.po), with the
// conversation's REVIEW mark when it has one. Kinyarwanda is copied as it is. French on USSD is written
// without accents (GSM-7), so the storefront keeps its accented spelling of the same words and a test
// (web/src/lib/i18n/catalogs.test.ts) holds the two together. docs/decisions/014-storefront-languages.md.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CatalogType } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { sharedSentences, SHARED_MARK } from './i18n-shared-sentences';

const root = path.resolve(import.meta.dirname, '..');
const localesDir = path.join(root, 'web/src/locales');
const po = formatter({ lineNumbers: false });
const REVIEW = 'REVIEW';

async function updateCatalog(file: string, language: string): Promise<number> {
  const existing = readFileSync(file, 'utf8');
  const context = { locale: language, sourceLocale: 'en', filename: file, existing };
  const catalog = (await po.parse(existing, context)) as CatalogType;
  const shared = sharedSentences();
  let copied = 0;
  for (const [id, entry] of Object.entries(catalog)) {
    const english = entry.message ?? id;
    const sentence = shared.get(english);
    const comments = ((entry.extra?.translatorComments as string[] | undefined) ?? []).filter((comment) => !comment.startsWith(SHARED_MARK));
    if (sentence) {
      comments.unshift(`${SHARED_MARK} ${sentence.keys.join(', ')}`);
      if (language === 'rw') {
        entry.translation = sentence.rw;
        const withoutReview = comments.filter((comment) => comment !== REVIEW);
        comments.splice(0, comments.length, ...withoutReview, ...(sentence.rwReview ? [REVIEW] : []));
      }
      // French: the storefront's accented spelling stays; an empty one starts from the conversation's.
      if (language === 'fr' && !entry.translation) entry.translation = sentence.fr;
      copied += 1;
    }
    entry.extra = { ...entry.extra, translatorComments: comments };
  }
  writeFileSync(file, await po.serialize(catalog, context));
  return copied;
}

for (const language of ['rw', 'fr']) {
  for (const name of readdirSync(path.join(localesDir, language)).filter((file) => file.endsWith('.po'))) {
    const copied = await updateCatalog(path.join(localesDir, language, name), language);
    console.log(`${language}/${name}: ${copied} sentence(s) shared with the conversation`);
  }
}
