// Builds the search index (catalog-search.ts) a product at a time, newest first, then lays it out in
// flat arrays (search-index-layout.ts). A large catalog takes a while: addSoon and finishSoon let the
// event loop go between slices of the work, so requests that need no search never wait for it.
import { SortedWords } from '@server/lib/sorted-words';
import { SearchIndex } from './catalog-search';
import { GrowingNumbers, IN_CATEGORY, IN_DESCRIPTION, IN_NAME, LABEL_BITS, TextJoiner, type NumberLists } from './search-index-layout';
import { searchWords, singular } from './search-text';

export interface SearchEntry {
  id: string;
  name: string;
  localName: string;
  category: string;
  categoryId: string;
  description: string;
}

/** Products, or postings, handled between two turns of the event loop. */
const SLICE = 1_000;
const POSTINGS_SLICE = 200_000;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

export class SearchIndexBuilder {
  private readonly wordNumbers = new Map<string, number>();
  private readonly wordList: string[] = [];
  /** Each product's postings one after another: the word's number, and where the product holds it (IN_* bits). */
  private readonly postedWords = new GrowingNumbers(Uint32Array);
  private readonly postedWhere = new GrowingNumbers(Uint8Array);
  /** Where each product's postings end. */
  private readonly productEnds = new GrowingNumbers(Uint32Array);
  private readonly ids = new TextJoiner();
  private readonly names = new TextJoiner();
  private readonly loweredNames = new TextJoiner();
  private readonly categoryOf = new GrowingNumbers(Uint32Array);
  private readonly categoryNumbers = new Map<string, number>();
  private readonly categories: Array<{ id: string; name: string; words: string[] }> = [];
  /** One product's words and where it holds them, reused from product to product. */
  private readonly where = new Map<string, number>();

  add(entry: SearchEntry): void {
    this.ids.push(entry.id);
    this.names.push(entry.name);
    this.loweredNames.push(entry.name.toLowerCase());
    this.loweredNames.push(entry.localName.toLowerCase());
    const category = this.categoryNumber(entry);
    this.categoryOf.push(category);
    this.where.clear();
    this.mark(searchWords(`${entry.name} ${entry.localName}`), IN_NAME);
    this.mark(this.categories[category].words, IN_CATEGORY);
    this.mark(searchWords(entry.description), IN_DESCRIPTION);
    for (const [word, bits] of this.where) {
      this.postedWords.push(this.wordNumber(word));
      this.postedWhere.push(bits);
    }
    this.productEnds.push(this.postedWords.length);
  }

  async addSoon(entries: SearchEntry[]): Promise<void> {
    for (let from = 0; from < entries.length; from += SLICE) {
      if (from) await nextTurn();
      for (let at = from; at < Math.min(entries.length, from + SLICE); at += 1) this.add(entries[at]);
    }
  }

  finish(): SearchIndex {
    const steps = this.layOut();
    for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
  }

  async finishSoon(): Promise<SearchIndex> {
    const steps = this.layOut();
    for (let step = steps.next(); ; step = steps.next()) {
      if (step.done) return step.value;
      await nextTurn();
    }
  }

  /** The index's arrays, yielding between slices of the work. */
  private *layOut(): Generator<void, SearchIndex> {
    const words = yield* SortedWords.steps(this.wordList);
    const renumbered = new Uint32Array(this.wordList.length);
    for (let number = 0; number < this.wordList.length; number += 1) {
      renumbered[number] = words.indexOf(this.wordList[number]);
      if (number % SLICE === SLICE - 1) yield;
    }
    const isLabel = new Uint8Array(words.size);
    const labelStarts = new Uint32Array(words.size + 1);
    const descriptionStarts = new Uint32Array(words.size + 1);
    const { postedWords, postedWhere, productEnds } = this;
    for (let at = 0; at < postedWords.length; at += 1) {
      const word = renumbered[postedWords.get(at)];
      // A word in a product's name or category ranks it there: its description adds nothing.
      if (postedWhere.get(at) & (IN_NAME | IN_CATEGORY)) {
        isLabel[word] = 1;
        labelStarts[word + 1] += 1;
      } else descriptionStarts[word + 1] += 1;
      if (at % POSTINGS_SLICE === POSTINGS_SLICE - 1) yield;
    }
    const labelHolders = { starts: runningTotals(labelStarts), values: new Uint32Array(labelStarts[words.size]) };
    const descriptionHolders = { starts: runningTotals(descriptionStarts), values: new Uint32Array(descriptionStarts[words.size]) };
    const labelFilled = labelHolders.starts.slice(0, words.size);
    const descriptionFilled = descriptionHolders.starts.slice(0, words.size);
    // Products came newest first, so each word's list is in that order too.
    for (let product = 0, at = 0; product < productEnds.length; product += 1) {
      for (; at < productEnds.get(product); at += 1) {
        const word = renumbered[postedWords.get(at)];
        const bits = postedWhere.get(at) & (IN_NAME | IN_CATEGORY);
        if (bits) labelHolders.values[labelFilled[word]++] = (product << LABEL_BITS) | bits;
        else descriptionHolders.values[descriptionFilled[word]++] = product;
      }
      if (product % SLICE === SLICE - 1) yield;
    }
    const { singulars, plurals } = yield* singularsOf(this.wordList, renumbered);
    const labelKeys = yield* SortedWords.steps(labelKeysOf(this.wordList, renumbered, isLabel), { forTypos: true });
    const ids = this.ids.finish();
    yield;
    const names = this.names.finish();
    yield;
    const loweredNames = this.loweredNames.finish();
    yield;
    return new SearchIndex({
      words,
      isLabel,
      labelHolders,
      descriptionHolders,
      singulars,
      plurals,
      labelKeys,
      ids,
      names,
      loweredNames,
      categoryOf: this.categoryOf.finish(),
      categories: this.categories.map(({ id, name }) => ({ id, name })),
    });
  }

  private mark(words: string[], bit: number): void {
    for (const word of words) this.where.set(word, (this.where.get(word) ?? 0) | bit);
  }

  private categoryNumber(entry: SearchEntry): number {
    let number = this.categoryNumbers.get(entry.categoryId);
    if (number === undefined) {
      this.categoryNumbers.set(entry.categoryId, (number = this.categories.length));
      this.categories.push({ id: entry.categoryId, name: entry.category, words: searchWords(entry.category) });
    }
    return number;
  }

  private wordNumber(word: string): number {
    let number = this.wordNumbers.get(word);
    if (number === undefined) {
      this.wordNumbers.set(word, (number = this.wordList.length));
      this.wordList.push(word);
    }
    return number;
  }
}

/** An index of `entries`, newest first, built at once. */
export function searchIndexOf(entries: Iterable<SearchEntry>): SearchIndex {
  const builder = new SearchIndexBuilder();
  for (const entry of entries) builder.add(entry);
  return builder.finish();
}

/** Counts per slot (slot 0 empty) into where each list starts, in place. */
function runningTotals(counts: Uint32Array): Uint32Array {
  for (let slot = 1; slot < counts.length; slot += 1) counts[slot] += counts[slot - 1];
  return counts;
}

/** Each singular that differs from its word, and the numbers of the words it is the singular of. */
function* singularsOf(wordList: string[], renumbered: Uint32Array): Generator<void, { singulars: SortedWords; plurals: NumberLists }> {
  const pluralsOf = new Map<string, number[]>();
  for (const [number, word] of wordList.entries()) {
    const one = singular(word);
    if (one !== word) {
      const list = pluralsOf.get(one);
      if (list) list.push(renumbered[number]);
      else pluralsOf.set(one, [renumbered[number]]);
    }
    if (number % SLICE === SLICE - 1) yield;
  }
  const singulars = yield* SortedWords.steps(pluralsOf.keys());
  const starts = new Uint32Array(singulars.size + 1);
  const values: number[] = [];
  for (let index = 0; index < singulars.size; index += 1) {
    values.push(...pluralsOf.get(singulars.word(index))!);
    starts[index + 1] = values.length;
  }
  return { singulars, plurals: { starts, values: Uint32Array.from(values) } };
}

/** The words typos are looked for among: those of names, local names and categories, and their singulars. */
function* labelKeysOf(wordList: string[], renumbered: Uint32Array, isLabel: Uint8Array): Generator<string, void> {
  for (const [number, word] of wordList.entries()) {
    if (!isLabel[renumbered[number]]) continue;
    yield word;
    yield singular(word);
  }
}
