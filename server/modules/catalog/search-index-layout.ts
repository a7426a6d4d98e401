// The search index's parts, as flat arrays and joined strings: what the builder lays out
// (search-index-builder.ts) and the index reads (catalog-search.ts). Numbers in typed arrays are
// no objects to the garbage collector, so the index costs a full collection next to nothing.
import type { SortedWords } from '@server/lib/sorted-words';

/** Where a product holds a word, as the low bits of a posting. */
export const IN_NAME = 1;
export const IN_CATEGORY = 2;
export const IN_DESCRIPTION = 4;
/** A name or category posting is product << LABEL_BITS | IN_NAME / IN_CATEGORY. */
export const LABEL_BITS = 2;

/** Lists of numbers, list i from starts[i] up to starts[i + 1] of values. */
export interface NumberLists {
  starts: Uint32Array;
  values: Uint32Array;
}

export function listOf(lists: NumberLists, index: number): Uint32Array {
  return lists.values.subarray(lists.starts[index], lists.starts[index + 1]);
}

export function listLength(lists: NumberLists, index: number): number {
  return lists.starts[index + 1] - lists.starts[index];
}

/** Texts kept end to end in one string: text i is from ends[i - 1] (0 for the first) up to ends[i]. */
export interface JoinedTexts {
  text: string;
  ends: Uint32Array;
}

export function joinTexts(texts: string[]): JoinedTexts {
  const ends = new Uint32Array(texts.length);
  let length = 0;
  for (let index = 0; index < texts.length; index += 1) ends[index] = length += texts[index].length;
  return { text: texts.join(''), ends };
}

const startOf = (texts: JoinedTexts, index: number) => (index ? texts.ends[index - 1] : 0);

export function textAt(texts: JoinedTexts, index: number): string {
  return texts.text.slice(startOf(texts, index), texts.ends[index]);
}

/** Is text `index` `phrase` (2), does it start with it (1), or neither (0)? */
export function phraseMatch(texts: JoinedTexts, index: number, phrase: string): number {
  const start = startOf(texts, index);
  const length = texts.ends[index] - start;
  if (length < phrase.length || !texts.text.startsWith(phrase, start)) return 0;
  return length === phrase.length ? 2 : 1;
}

export interface SearchIndexParts {
  /** Every distinct word of the catalog: a word's number is its place here. */
  words: SortedWords;
  /** 1 for a word some product has in its name, local name or category. */
  isLabel: Uint8Array;
  /** For each word: the products holding it in their name or category (see LABEL_BITS), newest first. */
  labelHolders: NumberLists;
  /** For each word: the products holding it only in their description, newest first. */
  descriptionHolders: NumberLists;
  /** Each singular that differs from its word ("tomato"), and the words it is the singular of ("tomatoes"). */
  singulars: SortedWords;
  plurals: NumberLists;
  /** The words typos are looked for among: name, local name and category words and their singulars. */
  labelKeys: SortedWords;
  /** Per product, newest first. */
  ids: JoinedTexts;
  names: JoinedTexts;
  /** Each product's name, then its local name, in lower case: two texts a product. */
  loweredNames: JoinedTexts;
  categoryOf: Uint32Array;
  categories: Array<{ id: string; name: string }>;
}
