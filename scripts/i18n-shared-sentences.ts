// The sentences the storefront and the conversation both say: each English sentence of the conversation's
// catalogues (server/conversation/i18n) that a storefront message says word for word, with the
// conversation's Kinyarwanda and French for it and whether its Kinyarwanda is marked for a native
// speaker's review. Read by `npm run i18n:extract` (scripts/i18n-shared.ts) and by the catalogs' test.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { en, type MessageKey } from '../server/conversation/i18n/en';
import { fr } from '../server/conversation/i18n/fr';
import { rw } from '../server/conversation/i18n/rw';

export interface SharedSentence {
  /** The conversation's keys that say it (the same English can stand on several screens). */
  keys: MessageKey[];
  rw: string;
  fr: string;
  rwReview: boolean;
}

/** How a storefront catalog entry names its source: a translator comment, rewritten by each extract. */
export const SHARED_MARK = 'shared with the conversation (server/conversation/i18n):';

const root = path.resolve(import.meta.dirname, '..');

/** The keys whose Kinyarwanda line (or the line after a key that wraps) carries "// REVIEW". */
function reviewedKeys(): Set<string> {
  const lines = readFileSync(path.join(root, 'server/conversation/i18n/rw.ts'), 'utf8').split('\n');
  const marked = new Set<string>();
  lines.forEach((line, index) => {
    const key = /^\s*'([\w.]+)':/.exec(line)?.[1];
    if (!key) return;
    const text = line.trimEnd().endsWith(':') ? `${line} ${lines[index + 1] ?? ''}` : line;
    if (/\/\/\s*REVIEW/.test(text)) marked.add(key);
  });
  return marked;
}

/** Every conversation sentence with no plural choice ({count|item|items} is the conversation's own syntax), by its English. */
export function sharedSentences(): Map<string, SharedSentence> {
  const review = reviewedKeys();
  const byEnglish = new Map<string, SharedSentence>();
  for (const key of Object.keys(en) as MessageKey[]) {
    const english = en[key];
    if (english.includes('|')) continue;
    const known = byEnglish.get(english);
    if (known) known.keys.push(key);
    else byEnglish.set(english, { keys: [key], rw: rw[key], fr: fr[key], rwReview: review.has(key) });
  }
  return byEnglish;
}
