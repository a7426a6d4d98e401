// The storefront's catalogs (web/src/locales): every message said in Kinyarwanda and French, with the
// same placeholders as its English; the sentences it shares with the conversation in the conversation's
// own words (docs/decisions/014-storefront-languages.md); and the server's sentences it translates still
// said by the server or the shared schemas.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CatalogType } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { sharedSentences } from '../../scripts/i18n-shared-sentences';
import { SERVER_SENTENCES } from '../../web/src/locales/server-sentences';

const root = path.resolve(import.meta.dirname, '../..');
const localesDir = path.join(root, 'web/src/locales');
const po = formatter({ lineNumbers: false });

interface Entry {
  catalog: string;
  english: string;
  translation: string;
  review: boolean;
}

async function entries(language: string): Promise<Entry[]> {
  const all: Entry[] = [];
  for (const name of readdirSync(path.join(localesDir, language)).filter((file) => file.endsWith('.po'))) {
    const file = path.join(localesDir, language, name);
    const catalog = (await po.parse(readFileSync(file, 'utf8'), { locale: language, sourceLocale: 'en', filename: file })) as CatalogType;
    for (const [id, entry] of Object.entries(catalog)) {
      if (entry.obsolete) continue;
      all.push({
        catalog: `${language}/${name}`,
        english: entry.message ?? id,
        translation: entry.translation ?? '',
        review: ((entry.extra?.translatorComments as string[] | undefined) ?? []).includes('REVIEW'),
      });
    }
  }
  return all;
}

/** The names a message fills in ({name}, {0}, a plural's {count, plural, ...}), sorted. */
const placeholders = (message: string) => [...new Set([...message.matchAll(/\{(\w+)[,}]/g)].map((match) => match[1]))].sort();

/** French as USSD spells it: no accents, no space before ! ? : ; (the conversation's catalogue is GSM-7). */
const asGsm = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\s\u202f\u00a0]+([!?:;])/g, '$1');

describe.each(['rw', 'fr'])('the %s catalogs', (language) => {
  it('translate every message of the storefront', async () => {
    const untranslated = (await entries(language)).filter((entry) => !entry.translation.trim()).map((entry) => `${entry.catalog}: ${entry.english}`);
    expect(untranslated, 'run npm run i18n:extract, then translate these').toEqual([]);
  });

  it('fill in the same placeholders as the English', async () => {
    const wrong = (await entries(language))
      .filter((entry) => entry.translation && placeholders(entry.translation).join() !== placeholders(entry.english).join())
      .map((entry) => `${entry.catalog}: ${entry.english} -> ${entry.translation}`);
    expect(wrong).toEqual([]);
  });
});

describe('sentences the storefront shares with the conversation', () => {
  const shared = sharedSentences();

  it('are the conversation\u2019s Kinyarwanda, with its review marks', async () => {
    const rw = (await entries('rw')).filter((entry) => shared.has(entry.english));
    expect(rw.length).toBeGreaterThan(20);
    for (const entry of rw) {
      const sentence = shared.get(entry.english)!;
      expect(entry.translation, entry.english).toBe(sentence.rw);
      expect(entry.review, `${entry.english}: REVIEW as in server/conversation/i18n/rw.ts`).toBe(sentence.rwReview);
    }
  });

  it('are the conversation\u2019s French, spelled with accents where USSD cannot', async () => {
    const fr = (await entries('fr')).filter((entry) => shared.has(entry.english));
    expect(fr.length).toBeGreaterThan(20);
    for (const entry of fr) expect(asGsm(entry.translation), entry.english).toBe(shared.get(entry.english)!.fr);
  });
});

describe("the server's sentences the storefront translates", () => {
  it('are each still said by the server or a schema the web shares', () => {
    const sources = [path.join(root, 'server'), path.join(root, 'web/src')]
      .flatMap((dir) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((file) => path.join(dir, file)))
      .filter((file) => /\.tsx?$/.test(file) && !file.includes('locales') && !file.endsWith('.test.ts'))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const gone = SERVER_SENTENCES.map((sentence) => sentence.id).filter((id) => !sources.includes(id) && !sources.includes(JSON.stringify(id).slice(1, -1)));
    expect(gone).toEqual([]);
  });
});
