// Picks the few products a search can possibly find, so ranking (catalog-search.ts) never walks the
// whole catalog. The catalog's distinct words are indexed three ways: the products each word is in,
// the words sharing a stem (tomato/tomatoes), and the trigrams of every word and stem. A search word
// then finds its candidate words by what ranking accepts:
// - the same word or stem: one map lookup;
// - a word it starts: a binary search in the sorted words;
// - a typo (k edits, or one edit in a word still being typed): a word within k edits keeps every
//   trigram of the search word but those the edits touch, and one edit touches at most 4 (a swap of
//   neighbours), so a word sharing fewer than `trigrams - 4k` (one fewer for a word being typed)
//   cannot match and is never looked at.
// The cost of a search follows the words that resemble it and the products that hold them, not the
// size of the catalog. Ranking still checks every candidate exactly as before.
import { editDistance, MAX_SEARCH_WORDS, rankProducts, searchWords, stem, suggestNames, typoAllowance, type IndexedEntry, type RankedHit } from './catalog-search';

/** A word's distinct trigrams, padded as pg_trgm pads them ("  t", " to", "tom", …, "es "). */
export function trigramsOf(word: string): string[] {
  const padded = `  ${word} `;
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i += 1) grams.add(padded.slice(i, i + 3));
  return [...grams];
}

function addPosting(postings: Map<string, number[]>, word: string, index: number): void {
  const list = postings.get(word);
  if (list) list.push(index);
  else postings.set(word, [index]);
}

/**
 * A suggestion is a hint, not a search: when a close word is in thousands of products ("beans" in a
 * catalog of bean lots), the newest few hundred holding it stand for it, so a search that finds
 * nothing costs the same in a catalog of any size.
 */
const SUGGESTION_HOLDERS_PER_WORD = 200;

/** One edit leaves out at most this many of a word's trigrams (a swap of neighbours touches four). */
const TRIGRAMS_PER_EDIT = 4;

export class SearchIndex {
  /** Newest first, as ranking breaks ties. */
  readonly entries: IndexedEntry[];
  /** word -> indexes of the entries holding it (in any field), ascending. */
  private readonly postings = new Map<string, number[]>();
  /** The same for name and category words only: the labels a suggestion offers. */
  private readonly labelPostings = new Map<string, number[]>();
  /** stem -> the words with that stem. */
  private readonly byStem = new Map<string, string[]>();
  /** All distinct words, sorted, for prefix ranges. */
  private sortedWords: string[] = [];
  /** Keys are the words and their stems; key -> the words it stands for. */
  private readonly keys: string[] = [];
  private readonly keyWords: string[][] = [];
  /** trigram -> ids of the keys holding it. */
  private readonly keysByTrigram = new Map<string, number[]>();

  /** `indexNow` false leaves the work to build(). */
  constructor(entries: IndexedEntry[], indexNow = true) {
    this.entries = entries;
    if (indexNow) for (const steps = this.indexSteps(); !steps.next().done; );
  }

  /**
   * The same index, built a slice at a time with the event loop let go in between: a large catalog
   * takes seconds to index, and requests that need no search must not wait for it.
   */
  static async build(entries: IndexedEntry[]): Promise<SearchIndex> {
    const index = new SearchIndex(entries, false);
    for (const steps = index.indexSteps(); !steps.next().done; ) await new Promise((resolve) => setImmediate(resolve));
    return index;
  }

  /** Indexes the entries, yielding after every slice of the work. */
  private *indexSteps(): Generator<void> {
    const SLICE = 2_000;
    for (let index = 0; index < this.entries.length; index += 1) {
      const entry = this.entries[index];
      const labelWords = new Set([...entry.nameWords, ...entry.categoryWords]);
      for (const word of labelWords) addPosting(this.labelPostings, word, index);
      for (const word of new Set([...labelWords, ...entry.descriptionWords])) addPosting(this.postings, word, index);
      if (index % SLICE === SLICE - 1) yield;
    }
    this.sortedWords = [...this.postings.keys()].sort();
    yield;
    const keyIds = new Map<string, number>();
    const addKey = (key: string, word: string) => {
      let id = keyIds.get(key);
      if (id === undefined) {
        id = this.keys.length;
        keyIds.set(key, id);
        this.keys.push(key);
        this.keyWords.push([]);
        for (const gram of trigramsOf(key)) {
          const ids = this.keysByTrigram.get(gram);
          if (ids) ids.push(id);
          else this.keysByTrigram.set(gram, [id]);
        }
      }
      this.keyWords[id].push(word);
    };
    for (const [position, word] of this.sortedWords.entries()) {
      const wordStem = stem(word);
      const sameStem = this.byStem.get(wordStem);
      if (sameStem) sameStem.push(word);
      else this.byStem.set(wordStem, [word]);
      addKey(word, word);
      if (wordStem !== word) addKey(wordStem, word);
      if (position % SLICE === SLICE - 1) yield;
    }
  }

  /** The entries a ranking of `text` can return, newest first (a superset: ranking decides). */
  candidates(text: string): IndexedEntry[] {
    return this.candidatesWithWords(text).entries;
  }

  /** What `text` finds, best first, as rankProducts over the whole catalog would rank it. */
  rank(text: string, keep: (entry: IndexedEntry) => boolean = () => true): RankedHit[] {
    const { entries, mayMatch } = this.candidatesWithWords(text);
    return rankProducts(entries.filter(keep), text, mayMatch);
  }

  private candidatesWithWords(text: string): { entries: IndexedEntry[]; mayMatch: Map<string, Set<string>> } {
    const words = searchWords(text).slice(0, MAX_SEARCH_WORDS);
    const mayMatch = new Map(words.map((word) => [word, this.rankingCandidateWords(word)]));
    if (!words.length) return { entries: [], mayMatch };
    return { entries: this.entriesHoldingEvery([...mayMatch.values()]), mayMatch };
  }

  /** Up to `limit` product or category names to offer when `text` finds nothing (suggestNames). */
  suggest(text: string, limit = 3): string[] {
    const close = this.suggestionCandidates(text);
    return suggestNames(close.entries, text, limit, (word) => close.words.has(word));
  }

  /**
   * What is worth offering as "did you mean" for `text`: the name and category words sharing enough
   * trigrams with a search word to be within the suggestion's looser edit allowance, and the entries
   * holding them (the newest SUGGESTION_HOLDERS_PER_WORD per word). Only those words need their
   * closeness worked out (suggestNames' mayBeClose).
   */
  private suggestionCandidates(text: string): { entries: IndexedEntry[]; words: Set<string> } {
    const words = searchWords(text).filter((word) => word.length >= 3).slice(0, MAX_SEARCH_WORDS);
    const found = new Set<number>();
    const close = new Set<string>();
    for (const word of words) {
      const allowance = Math.max(1, Math.ceil(word.length / 3));
      const grams = trigramsOf(word);
      // The suggestion's allowance is too loose for a sound trigram bound; two shared trigrams
      // (one for a three-letter word) keep "fsh" -> "fish" and "meet" -> "meat".
      const needed = Math.max(word.length > 3 ? 2 : 1, grams.length - TRIGRAMS_PER_EDIT * allowance - 1);
      for (const candidate of this.wordsSharingTrigrams(grams, needed)) {
        close.add(candidate);
        const holders = this.labelPostings.get(candidate) ?? [];
        for (let i = 0; i < Math.min(holders.length, SUGGESTION_HOLDERS_PER_WORD); i += 1) found.add(holders[i]);
      }
    }
    return { entries: [...found].sort((a, b) => a - b).map((index) => this.entries[index]), words: close };
  }

  /** The catalog words one search word may match in ranking: same stem, a word it starts, a typo. */
  private rankingCandidateWords(word: string): Set<string> {
    const found = new Set<string>(this.byStem.get(stem(word)) ?? []);
    if (this.postings.has(word)) found.add(word);
    if (word.length >= 2) for (const longer of this.wordsStartingWith(word)) found.add(longer);
    const allowance = typoAllowance(word.length);
    if (allowance > 0) {
      const grams = trigramsOf(word);
      const whole = grams.length - TRIGRAMS_PER_EDIT * allowance;
      // A typo in a word still being typed: one edit in its first letters, its last trigram unseen.
      const beingTyped = word.length >= 6 ? grams.length - TRIGRAMS_PER_EDIT - 1 : Number.POSITIVE_INFINITY;
      const needed = Math.min(whole, beingTyped);
      const candidates = needed > 0 ? this.wordsSharingTrigrams(grams, needed) : this.sortedWords;
      for (const candidate of candidates) if (this.couldBeTypo(word, candidate, allowance)) found.add(candidate);
    }
    return found;
  }

  /** A cheap check of the typo rules before a product is ranked (ranking checks again, exactly). */
  private couldBeTypo(word: string, candidate: string, allowance: number): boolean {
    if (editDistance(word, candidate, allowance) <= allowance) return true;
    if (editDistance(word, stem(candidate), allowance) <= allowance) return true;
    return word.length >= 6 && candidate.length > word.length && editDistance(word, candidate.slice(0, word.length), 1) <= 1;
  }

  private wordsStartingWith(prefix: string): string[] {
    let low = 0;
    let high = this.sortedWords.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.sortedWords[middle] < prefix) low = middle + 1;
      else high = middle;
    }
    const found: string[] = [];
    for (let i = low; i < this.sortedWords.length && this.sortedWords[i].startsWith(prefix); i += 1) found.push(this.sortedWords[i]);
    return found;
  }

  /** Catalog words whose own trigrams, or their stem's, include at least `needed` of `grams`. */
  private wordsSharingTrigrams(grams: string[], needed: number): Set<string> {
    const shared = new Map<number, number>();
    for (const gram of grams) for (const id of this.keysByTrigram.get(gram) ?? []) shared.set(id, (shared.get(id) ?? 0) + 1);
    const words = new Set<string>();
    for (const [id, count] of shared) if (count >= needed) for (const word of this.keyWords[id]) words.add(word);
    return words;
  }

  /** Entries holding, for every search word, one of its candidate words; ascending index order. */
  private entriesHoldingEvery(wordSets: Set<string>[]): IndexedEntry[] {
    const perWord = wordSets.map((candidates) => {
      const indexes = new Set<number>();
      for (const candidate of candidates) for (const index of this.postings.get(candidate) ?? []) indexes.add(index);
      return indexes;
    });
    perWord.sort((a, b) => a.size - b.size);
    const [smallest, ...others] = perWord;
    const kept = [...smallest].filter((index) => others.every((indexes) => indexes.has(index)));
    return kept.sort((a, b) => a - b).map((index) => this.entries[index]);
  }
}
