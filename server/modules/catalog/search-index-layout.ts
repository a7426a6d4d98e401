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

/**
 * Texts joined as they come: a thousand at a time become one string, so a large catalog's names
 * never stand as hundreds of thousands of strings while the index is built.
 */
export class TextJoiner {
  private readonly pieces: string[] = [];
  private waiting: string[] = [];
  private readonly ends = new GrowingNumbers(Uint32Array);
  private length = 0;

  push(text: string): void {
    this.waiting.push(text);
    this.ends.push((this.length += text.length));
    if (this.waiting.length === 1_000) this.joinWaiting();
  }

  finish(): JoinedTexts {
    this.joinWaiting();
    return { text: this.pieces.join(''), ends: this.ends.finish() };
  }

  private joinWaiting(): void {
    this.pieces.push(this.waiting.join(''));
    this.waiting = [];
  }
}

type NumberArray = Uint8Array | Uint32Array;

/** A typed array that grows as numbers are pushed (doubling), cut to length at the end. */
export class GrowingNumbers<T extends NumberArray> {
  private values: T;
  length = 0;

  constructor(private readonly make: new (length: number) => T) {
    this.values = new make(1024);
  }

  push(value: number): void {
    if (this.length === this.values.length) {
      const larger = new this.make(this.values.length * 2);
      larger.set(this.values);
      this.values = larger;
    }
    this.values[this.length++] = value;
  }

  get(index: number): number {
    return this.values[index];
  }

  finish(): T {
    return this.values.slice(0, this.length) as T;
  }
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
