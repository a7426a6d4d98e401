// Product search. Which catalog words a search word matches is MiniSearch's: its radix tree of the
// catalog's distinct words (and their singulars) answers "the same word", "words it starts" and
// "words within k typos" without looking at the others, so a lookup costs the same in a catalog of
// any size (decision 003). What is ours is what is indexed and how products rank:
// - a product matches when every search word matches one of its words;
// - where decides first (name or local name, then category, then description), then how (the same
//   word or its plural, a word it starts, a typo: none in a word of three letters, one up to seven,
//   two in longer ones, a swap of neighbours counting once);
// - a typo anywhere but a name or category is too weak to show: "rice" must not find "turmeric";
// - ties go to the newest product.
import SearchableMap from 'minisearch/SearchableMap';

export interface SearchEntry {
  id: string;
  name: string;
  localName: string;
  category: string;
  categoryId: string;
  description: string;
}

export interface IndexedEntry extends SearchEntry {
  nameWords: string[];
  categoryWords: string[];
  descriptionWords: string[];
}

export interface RankedHit {
  id: string;
  /** Lower is better: the weakest of the search's words decides, the sum breaks ties. */
  tier: number;
  total: number;
}

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

export function indexEntry(entry: SearchEntry): IndexedEntry {
  return {
    ...entry,
    nameWords: searchWords(`${entry.name} ${entry.localName}`),
    categoryWords: searchWords(entry.category),
    descriptionWords: searchWords(entry.description),
  };
}

/** Plural and singular are the same word to a shopper: tomato/tomatoes, bean/beans, berry/berries. */
function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && word.endsWith('ves')) return word.slice(0, -3);
  if (word.length > 4 && /(oes|ses|xes|ches|shes)$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** Typos a shopper makes: one in a short word, two in a long one, none in a word of three letters. */
function typoAllowance(length: number): number {
  if (length <= 3) return 0;
  return length <= 7 ? 1 : 2;
}

/** The word with each pair of different neighbours swapped: "mlik" -> "milk" is one typo to a shopper, two to Levenshtein. */
function neighbourSwaps(word: string): string[] {
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
function looksAlike(typed: string, word: string): boolean {
  const theirs = new Set(trigramsOf(word));
  const shared = trigramsOf(typed).filter((gram) => theirs.has(gram)).length;
  return shared >= (typed.length > 3 ? 2 : 1);
}

const EXACT = 0;
const PREFIX = 1;
const FUZZY = 2;
const NO_MATCH = Number.POSITIVE_INFINITY;
// Tiers: name or local name 0..2, category 3..5, description 6..7 (a description never matches by typo).
const CATEGORY_TIER = 3;
const DESCRIPTION_TIER = 6;

/** How one search word matches catalog words: catalog word -> EXACT, PREFIX or FUZZY. */
type WordMatches = Map<string, number>;

/**
 * A suggestion is a hint, not a search: when a close word is in thousands of products ("beans" in a
 * catalog of bean lots), the newest few hundred holding it stand for it, so a search that finds
 * nothing costs the same in a catalog of any size.
 */
const SUGGESTION_HOLDERS_PER_WORD = 200;
/**
 * A suggestion allows a third of the word's letters wrong, but never more than three: a fourth typo
 * (a word of ten letters or more) made each lookup twenty times dearer at 100,000 products and only
 * added far-fetched names ("abinyamaro": "Beef").
 */
const SUGGESTION_TYPOS = 3;

/** Words are also indexed by their beginnings from this many letters on. */
const FIRST_LETTERS = 3;
/** What a beginning that is not itself a catalog word stands for (shared: addKey replaces it, never adds to it). */
const BEGINNING_ONLY: string[] = [];

function addHolder(holders: Map<string, number[]>, word: string, index: number): void {
  const list = holders.get(word);
  if (list) list.push(index);
  else holders.set(word, [index]);
}

export class SearchIndex {
  /** Newest first, as ranking breaks ties. */
  readonly entries: IndexedEntry[];
  /**
   * Each catalog word, each word's singular and each word's beginnings (from three letters) -> the
   * catalog words it is. The beginnings let MiniSearch find a typo in a word still being typed.
   */
  private readonly keys = new SearchableMap<string[]>();
  /** word -> indexes of the entries holding it (in any field), ascending. */
  private readonly holders = new Map<string, number[]>();
  /** The same for name and category words only: the labels a suggestion offers. */
  private readonly labelHolders = new Map<string, number[]>();

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
      for (const word of labelWords) addHolder(this.labelHolders, word, index);
      for (const word of new Set([...labelWords, ...entry.descriptionWords])) addHolder(this.holders, word, index);
      if (index % SLICE === SLICE - 1) yield;
    }
    let added = 0;
    for (const word of this.holders.keys()) {
      this.addKey(word, word);
      this.addKey(singular(word), word);
      for (let length = FIRST_LETTERS; length < word.length; length += 1) this.addKey(word.slice(0, length));
      if ((added += 1) % SLICE === 0) yield;
    }
  }

  /** `key` stands for `word` (it is the word or its singular), or only begins words when none is given. */
  private addKey(key: string, word?: string): void {
    const standsFor = this.keys.get(key);
    if (!word) {
      if (!standsFor) this.keys.set(key, BEGINNING_ONLY);
    } else if (!standsFor || standsFor === BEGINNING_ONLY) this.keys.set(key, [word]);
    else if (!standsFor.includes(word)) standsFor.push(word);
  }

  /** What `text` finds, best first; `keep` narrows it (to a category). */
  rank(text: string, keep: (entry: IndexedEntry) => boolean = () => true): RankedHit[] {
    const words = searchWords(text).slice(0, MAX_SEARCH_WORDS);
    if (!words.length) return [];
    const matches = words.map((word) => this.matchesOf(word));
    const phrase = text.toLowerCase().replace(/\s+/g, ' ').trim();
    const hits: RankedHit[] = [];
    for (const entry of this.entriesHoldingEvery(matches)) {
      if (!keep(entry)) continue;
      let tier = 0;
      let total = 0;
      for (const [position, wordMatches] of matches.entries()) {
        const wordScore = wordTier(wordMatches, words[position], entry);
        if (wordScore === NO_MATCH) {
          tier = NO_MATCH;
          break;
        }
        tier = Math.max(tier, wordScore);
        total += wordScore;
      }
      if (tier !== NO_MATCH) hits.push({ id: entry.id, tier: tier + phraseBonus(phrase, entry), total });
    }
    // Entries come newest first and the sort is stable: ties keep that order.
    return hits.sort((a, b) => a.tier - b.tier || a.total - b.total);
  }

  /** The catalog words `word` matches: the same word or its plural, words it starts, typos of it. */
  private matchesOf(word: string): WordMatches {
    const matches: WordMatches = new Map();
    const add = (found: Iterable<string>, how: number) => {
      for (const catalogWord of found) if (!(matches.get(catalogWord)! <= how)) matches.set(catalogWord, how);
    };
    if (this.holders.has(word)) add([word], EXACT);
    add(this.keys.get(singular(word)) ?? [], EXACT);
    if (word.length >= 2) add(this.wordsStartingWith(word), PREFIX);
    const allowance = typoAllowance(word.length);
    if (!allowance) return matches;
    for (const [key, [standsFor, typos]] of this.closeKeys(word, allowance)) {
      add(standsFor, FUZZY);
      // A typo in a word still being typed: "tungurs" for "tungurusumu"; shorter starts are too vague.
      if (word.length >= 6 && typos <= 1 && key.length === word.length) add(this.wordsStartingWith(key, word.length + 1), FUZZY);
    }
    return matches;
  }

  /** Keys within `typos` edits of `word`, and the word with two neighbours swapped (one typo to a shopper). */
  private closeKeys(word: string, typos: number): Map<string, [string[], number]> {
    const close = this.keys.fuzzyGet(word, typos);
    for (const swapped of neighbourSwaps(word)) {
      const standsFor = this.keys.get(swapped);
      if (standsFor && (close.get(swapped)?.[1] ?? NO_MATCH) > 1) close.set(swapped, [standsFor, 1]);
    }
    return close;
  }

  /** Catalog words starting with `start`, of `minLength` letters or more. */
  private wordsStartingWith(start: string, minLength = 0): string[] {
    const found: string[] = [];
    for (const standsFor of this.keys.atPrefix(start).values()) {
      for (const word of standsFor) if (word.length >= minLength && word.startsWith(start)) found.push(word);
    }
    return found;
  }

  /** Entries holding, for every search word, one of the words it matches; newest first. */
  private entriesHoldingEvery(matches: WordMatches[]): IndexedEntry[] {
    const perWord = matches.map((wordMatches) => {
      const indexes = new Set<number>();
      for (const catalogWord of wordMatches.keys()) for (const index of this.holders.get(catalogWord) ?? []) indexes.add(index);
      return indexes;
    });
    perWord.sort((a, b) => a.size - b.size);
    const [smallest, ...others] = perWord;
    const kept = [...smallest].filter((index) => others.every((indexes) => indexes.has(index)));
    return kept.sort((a, b) => a - b).map((index) => this.entries[index]);
  }

  /**
   * When nothing matches: up to `limit` product or category names close to what was typed, so the
   * shopper has something to tap ("cabage soupp" -> "Cabbage"?). Looser than search itself: a third
   * of the word's letters may be wrong (SUGGESTION_TYPOS at most), closest first, ties by name.
   */
  suggest(text: string, limit = 3): string[] {
    const closeness = new Map<string, number>();
    const close = (word: string, typed: string, distance: number) => {
      if (!this.labelHolders.has(word) || !(looksAlike(typed, word) || looksAlike(typed, singular(word)))) return;
      closeness.set(word, Math.min(closeness.get(word) ?? NO_MATCH, distance / typed.length));
    };
    for (const typed of searchWords(text).filter((word) => word.length >= 3).slice(0, MAX_SEARCH_WORDS)) {
      const allowance = Math.min(SUGGESTION_TYPOS, Math.max(1, Math.ceil(typed.length / 3)));
      for (const [key, [standsFor, distance]] of this.closeKeys(typed, allowance)) {
        if (standsFor.includes(key)) close(key, typed, distance);
        // What was typed may be the start of a longer word: that is a little further away.
        if (distance + 0.5 > allowance || key.length !== typed.length) continue;
        for (const longer of this.wordsStartingWith(key, typed.length + 1)) close(longer, typed, distance + 0.5);
      }
    }
    const byLabel = new Map<string, number>();
    const consider = (label: string, close: number) => {
      if (close < (byLabel.get(label) ?? NO_MATCH)) byLabel.set(label, close);
    };
    for (const [word, close] of closeness) {
      for (const index of this.labelHolders.get(word)!.slice(0, SUGGESTION_HOLDERS_PER_WORD)) {
        const entry = this.entries[index];
        if (entry.nameWords.includes(word)) consider(entry.name, close);
        if (entry.categoryWords.includes(word)) consider(entry.category, close);
      }
    }
    return closestLabels(byLabel, limit);
  }
}

/** How well one search word matches a product: the best of its name, category and description words. */
function wordTier(matches: WordMatches, typed: string, entry: IndexedEntry): number {
  const inName = bestMatch(matches, entry.nameWords, true);
  if (inName < NO_MATCH) return inName;
  const inCategory = bestMatch(matches, entry.categoryWords, true);
  if (inCategory < NO_MATCH) return CATEGORY_TIER + inCategory;
  // Prefixes of very short words ("ri" in "ripe") are noise in a description.
  const inDescription = bestMatch(matches, entry.descriptionWords, false);
  if (inDescription === PREFIX && typed.length < 4) return NO_MATCH;
  return DESCRIPTION_TIER + inDescription;
}

function bestMatch(matches: WordMatches, words: string[], typos: boolean): number {
  let best = NO_MATCH;
  for (const word of words) {
    const how = matches.get(word);
    if (how !== undefined && how < best && (typos || how !== FUZZY)) best = how;
  }
  return best;
}

/** The whole text as the name, or the start of it, beats any word-by-word match. */
function phraseBonus(text: string, entry: IndexedEntry): number {
  const name = entry.name.toLowerCase();
  const local = entry.localName.toLowerCase();
  if (name === text || local === text) return -2;
  if (name.startsWith(text) || local.startsWith(text)) return -1;
  return 0;
}

// The same order as String.prototype.localeCompare, without building a collator on every call.
const byName = new Intl.Collator().compare;

/** The `limit` closest labels, ties by name, in one pass: a common word can bring thousands of labels. */
function closestLabels(closenessByLabel: Map<string, number>, limit: number): string[] {
  const better = (a: [string, number], b: [string, number]) => a[1] - b[1] || byName(a[0], b[0]);
  const best: Array<[string, number]> = [];
  for (const candidate of closenessByLabel) {
    if (best.length === limit && better(candidate, best[limit - 1]) >= 0) continue;
    best.push(candidate);
    best.sort(better);
    if (best.length > limit) best.pop();
  }
  return best.map(([label]) => label);
}
