// How search reads words, the same for the catalog when it is indexed and for what a shopper types.

export const MAX_SEARCH_WORDS = 6;

/** Letters and digits only, lower case, so "y'inka" and "(UHT)" split into plain words. */
export function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Plural and singular are the same word to a shopper: tomato/tomatoes, bean/beans, berry/berries. */
export function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && word.endsWith('ves')) return word.slice(0, -3);
  if (word.length > 4 && /(oes|ses|xes|ches|shes)$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** Typos a shopper makes: one in a short word, two in a long one, none in a word of three letters. */
export function typoAllowance(length: number): number {
  if (length <= 3) return 0;
  return length <= 7 ? 1 : 2;
}

/** The word with each pair of different neighbours swapped: "mlik" -> "milk" is one typo to a shopper, two to Levenshtein. */
export function neighbourSwaps(word: string): string[] {
  const swaps: string[] = [];
  for (let i = 0; i + 1 < word.length; i += 1) {
    if (word[i] !== word[i + 1]) swaps.push(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
  }
  return swaps;
}

/** A word's distinct trigrams, padded as pg_trgm pads them ("  t", " to", "tom", …, "es "). */
export function trigramsOf(word: string): string[] {
  const padded = `  ${word} `;
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i += 1) grams.add(padded.slice(i, i + 3));
  return [...grams];
}

/** A "did you mean" must look like what was typed, not only be a few edits away: "meet" is not "beef". */
export function looksAlike(typed: string, word: string): boolean {
  const theirs = new Set(trigramsOf(word));
  const shared = trigramsOf(typed).filter((gram) => theirs.has(gram)).length;
  return shared >= (typed.length > 3 ? 2 : 1);
}
