// Product search, in memory, over an index made of flat arrays (docs/decisions/013-compact-search-index.md):
// the catalog's distinct words sorted (server/lib/sorted-words.ts), and for each word the products
// holding it, as numbers. A product is a number too (newest first); only the page shown is turned back
// into ids. So an index of 100,000 products is a few dozen objects to the garbage collector, and a
// search costs what the products holding its words cost, not what the catalog does.
// What is indexed and how products rank:
// - a product matches when every search word matches one of its words;
// - where decides first (name or local name, then category, then description), then how (the same
//   word or its plural, a word it starts, a typo: none in a word of three letters, one up to seven,
//   two in longer ones, a swap of neighbours counting once);
// - a description counts only for a word as written or a word it starts: "rice" must not find
//   "turmeric", and typos are looked for among names and categories only;
// - a product found only through its description is shown only when no product has every search word
//   in its name, local name or category: "tomato" lists tomatoes, not the greens whose description
//   says to fry them with tomato;
// - ties go to the newest product.
import type { Closeness } from '@server/lib/sorted-words';
import { IN_CATEGORY, IN_NAME, LABEL_BITS, listLength, listOf, phraseMatch, textAt, type SearchIndexParts } from './search-index-layout';
import { looksAlike, MAX_SEARCH_WORDS, neighbourSwaps, searchWords, singular, typoAllowance } from './search-text';

export interface RankedHit {
  id: string;
  /** Lower is better: the weakest of the search's words decides, the sum breaks ties. */
  tier: number;
  total: number;
}

export interface RankedPage {
  /** How many products the search found in all. */
  found: number;
  hits: RankedHit[];
}

const EXACT = 0;
const PREFIX = 1;
const FUZZY = 2;
const NO_MATCH = Number.POSITIVE_INFINITY;
// Tiers: name or local name 0..2, category 3..5, description 6..7 (a description never matches by typo).
const CATEGORY_TIER = 3;
const DESCRIPTION_TIER = 6;
/** The whole text as the name lowers a tier by up to 2: sort keys count from there. */
const LOWEST_TIER = -2;
/** More than any sum of word tiers (six words of at most 7). */
const TOTALS = 64;
/** A product number fits below this in a sort key. */
const PRODUCTS = 2 ** 32;
const NOT_SCORED = 255;

/** How one search word matches catalog words: word number -> EXACT, PREFIX or FUZZY. */
type WordMatches = Map<number, number>;

/** A word within reach of a typed one: a catalog word or only the beginning of some. */
interface CloseWord {
  typos: number;
  /** It is a key: a word of some product's name, local name or category, or the singular of one. */
  isKey: boolean;
  /** It has exactly the typed word's length, so words starting with it may be a word still being typed. */
  begins: boolean;
}

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

/** Working arrays of a ranking, one value per product, kept between searches (a ranking never awaits). */
interface Scratch {
  /** The current search word's best tier in the product, NOT_SCORED before. */
  best: Uint8Array;
  /** How many search words the product has matched so far. */
  matched: Uint8Array;
  worst: Uint8Array;
  sum: Uint8Array;
  /** Products the first search word matched; then those the current word matched. */
  first: Uint32Array;
  current: Uint32Array;
}

export class SearchIndex {
  private scratch?: Scratch;

  /** Laid out by SearchIndexBuilder (search-index-builder.ts). */
  constructor(private readonly parts: SearchIndexParts) {}

  get size(): number {
    return this.parts.categoryOf.length;
  }

  /** Everything `text` finds, best first, in one category if one is named. */
  rank(text: string, categoryId?: string): RankedHit[] {
    return this.page(text, { categoryId }).hits;
  }

  /** What `text` finds, best first: how many in all, and the `limit` from `offset` on. */
  page(text: string, { categoryId, offset = 0, limit = Number.POSITIVE_INFINITY }: { categoryId?: string; offset?: number; limit?: number }): RankedPage {
    const words = searchWords(text).slice(0, MAX_SEARCH_WORDS);
    const category = categoryId === undefined ? -1 : this.parts.categories.findIndex((known) => known.id === categoryId);
    if (!words.length || (categoryId !== undefined && category < 0)) return { found: 0, hits: [] };
    const matches = words.map((word) => this.matchesOf(word));
    const scored = this.score(words, matches, category);
    let keys: Float64Array;
    try {
      keys = this.sortKeys(scored, text.toLowerCase().replace(/\s+/g, ' ').trim());
    } finally {
      this.clearScratch(scored);
    }
    const hits: RankedHit[] = [];
    for (let at = offset; at < Math.min(keys.length, offset + limit); at += 1) {
      const product = keys[at] % PRODUCTS;
      const key = Math.floor(keys[at] / PRODUCTS);
      hits.push({ id: textAt(this.parts.ids, product), tier: Math.floor(key / TOTALS) + LOWEST_TIER, total: key % TOTALS });
    }
    return { found: keys.length, hits };
  }

  /** The catalog words `word` matches: the same word or its plural, words it starts, typos of it. */
  private matchesOf(word: string): WordMatches {
    const matches: WordMatches = new Map();
    const add = (found: Iterable<number>, how: number) => {
      for (const catalogWord of found) if (!(matches.get(catalogWord)! <= how)) matches.set(catalogWord, how);
    };
    add(this.sameWords(word), EXACT);
    if (word.length >= 2) add(this.wordsStartingWith(word), PREFIX);
    const allowance = typoAllowance(word.length);
    if (!allowance) return matches;
    // A beginning counts only for a word still being typed, with one typo.
    for (const [key, close] of this.closeWords(word, { typos: allowance, beginningTypos: word.length >= 6 ? 1 : -1 })) {
      if (close.isKey) add(this.labelWordsFor(key), FUZZY);
      // A typo in a word still being typed: "tungurs" for "tungurusumu"; shorter starts are too vague.
      if (word.length >= 6 && close.typos <= 1 && close.begins) add(this.wordsStartingWith(key, word.length + 1, true), FUZZY);
    }
    return matches;
  }

  /** The word as typed, and every catalog word with the same singular ("tomatos" is "tomato" and "tomatoes"). */
  private sameWords(word: string): number[] {
    const same: number[] = [];
    const one = singular(word);
    for (const form of new Set([word, one])) {
      const index = this.parts.words.indexOf(form);
      if (index >= 0) same.push(index);
    }
    const plural = this.parts.singulars.indexOf(one);
    if (plural >= 0) same.push(...listOf(this.parts.plurals, plural));
    return same;
  }

  /** A name or category word `key` stands for: itself, or the words whose singular it is. */
  private labelWordsFor(key: string): number[] {
    const own = this.parts.words.indexOf(key);
    const plural = this.parts.singulars.indexOf(key);
    const words = [...(own >= 0 ? [own] : []), ...(plural >= 0 ? listOf(this.parts.plurals, plural) : [])];
    return words.filter((index) => this.parts.isLabel[index]);
  }

  /** Catalog words starting with `start`, of `minLength` letters or more (name and category words only if `labels`). */
  private wordsStartingWith(start: string, minLength = 0, labels = false): number[] {
    const { from, to } = this.parts.words.startingWith(start);
    const found: number[] = [];
    for (let index = from; index < to; index += 1) {
      if (this.parts.words.lengthOf(index) >= minLength && (!labels || this.parts.isLabel[index])) found.push(index);
    }
    return found;
  }

  /**
   * Name and category words (and their singulars) within `typos` edits of `word`, with the beginnings
   * as long as it, and the word with two neighbours swapped (one typo to a shopper, two to Levenshtein).
   */
  private closeWords(word: string, closeness: Closeness): Map<string, CloseWord> {
    const close = new Map<string, CloseWord>();
    const note = (key: string, found: Partial<CloseWord> & { typos: number }) => {
      const known = close.get(key);
      if (!known) close.set(key, { isKey: false, begins: false, ...found });
      else close.set(key, { typos: Math.min(known.typos, found.typos), isKey: known.isKey || !!found.isKey, begins: known.begins || !!found.begins });
    };
    this.parts.labelKeys.close(
      word,
      closeness,
      (index, distance) => note(this.parts.labelKeys.word(index), { typos: distance, isKey: true }),
      (beginning, distance) => note(beginning, { typos: distance, begins: true }),
    );
    for (const swapped of neighbourSwaps(word)) {
      const { from, to } = this.parts.labelKeys.startingWith(swapped);
      // The shortest key starting with the swapped word is the word itself, if it is a key.
      if (from < to) note(swapped, { typos: 1, isKey: this.parts.labelKeys.lengthOf(from) === swapped.length, begins: true });
    }
    return close;
  }

  /**
   * Products holding, for every search word, one of the words it matches: each one's weakest word tier
   * and the sum of its word tiers are left in the working arrays, until clearScratch.
   */
  private score(words: string[], matches: WordMatches[], category: number): Hits {
    const scratch = this.scratchArrays();
    const { best, matched, worst, sum } = scratch;
    // The word held by the fewest products first: later words only look at what it found.
    const order = words.map((_, position) => position).sort((a, b) => this.holdersOf(matches[a]) - this.holdersOf(matches[b]));
    const hits: Hits = { products: new Uint32Array(0), firstCount: 0, scratch };
    for (const [pass, position] of order.entries()) {
      const touched = pass ? scratch.current : scratch.first;
      let count = 0;
      const note = (product: number, tier: number) => {
        if (matched[product] !== pass || (category >= 0 && this.parts.categoryOf[product] !== category)) return;
        if (best[product] === NOT_SCORED) touched[count++] = product;
        if (tier < best[product]) best[product] = tier;
      };
      // Prefixes of very short words ("ri" in "ripe") are noise in a description.
      const shortWord = words[position].length < 4;
      for (const [catalogWord, how] of matches[position]) {
        for (const holder of listOf(this.parts.labelHolders, catalogWord)) note(holder >>> LABEL_BITS, holder & IN_NAME ? how : CATEGORY_TIER + how);
        if (how === FUZZY || (how === PREFIX && shortWord)) continue;
        for (const product of listOf(this.parts.descriptionHolders, catalogWord)) note(product, DESCRIPTION_TIER + how);
      }
      for (let at = 0; at < count; at += 1) {
        const product = touched[at];
        matched[product] = pass + 1;
        worst[product] = Math.max(worst[product], best[product]);
        sum[product] += best[product];
        best[product] = NOT_SCORED;
      }
      if (!pass) hits.firstCount = count;
      if (!count) return hits;
      if (pass === order.length - 1) hits.products = touched.slice(0, count);
    }
    return hits;
  }

  private holdersOf(matches: WordMatches): number {
    let holders = 0;
    for (const catalogWord of matches.keys()) holders += listLength(this.parts.labelHolders, catalogWord) + listLength(this.parts.descriptionHolders, catalogWord);
    return holders;
  }

  /**
   * Sort keys of the hits, best first: tier, then sum, then the newest product. Products found only
   * through a description are left out when any was found by its name, local name or category.
   */
  private sortKeys({ products, scratch }: Hits, phrase: string): Float64Array {
    let byLabel = false;
    for (const product of products) if (scratch.worst[product] < DESCRIPTION_TIER) byLabel = true;
    const keys = new Float64Array(products.length);
    let count = 0;
    for (const product of products) {
      const tier = scratch.worst[product];
      if (byLabel && tier >= DESCRIPTION_TIER) continue;
      const bonus = Math.max(phraseMatch(this.parts.loweredNames, 2 * product, phrase), phraseMatch(this.parts.loweredNames, 2 * product + 1, phrase));
      keys[count++] = ((tier - bonus - LOWEST_TIER) * TOTALS + scratch.sum[product]) * PRODUCTS + product;
    }
    return keys.subarray(0, count).sort();
  }

  /** Clears what a ranking left in the working arrays: the products the first search word matched hold it all. */
  private clearScratch({ scratch, firstCount }: Hits): void {
    for (let at = 0; at < firstCount; at += 1) {
      const product = scratch.first[at];
      scratch.matched[product] = 0;
      scratch.worst[product] = 0;
      scratch.sum[product] = 0;
    }
  }

  private scratchArrays(): Scratch {
    const size = this.size;
    this.scratch ??= {
      best: new Uint8Array(size).fill(NOT_SCORED),
      matched: new Uint8Array(size),
      worst: new Uint8Array(size),
      sum: new Uint8Array(size),
      first: new Uint32Array(size),
      current: new Uint32Array(size),
    };
    return this.scratch;
  }

  /**
   * When nothing matches: up to `limit` product or category names close to what was typed, so the
   * shopper has something to tap ("cabage soupp" -> "Cabbage"?). Looser than search itself: a third
   * of the word's letters may be wrong (SUGGESTION_TYPOS at most), closest first, ties by name.
   */
  suggest(text: string, limit = 3): string[] {
    const closeness = new Map<string, number>();
    const close = (word: string, typed: string, distance: number) => {
      const index = this.parts.words.indexOf(word);
      if (index < 0 || !this.parts.isLabel[index] || !(looksAlike(typed, word) || looksAlike(typed, singular(word)))) return;
      closeness.set(word, Math.min(closeness.get(word) ?? NO_MATCH, distance / typed.length));
    };
    for (const typed of searchWords(text).filter((word) => word.length >= 3).slice(0, MAX_SEARCH_WORDS)) {
      const allowance = Math.min(SUGGESTION_TYPOS, Math.max(1, Math.ceil(typed.length / 3)));
      for (const [key, { typos, isKey, begins }] of this.closeWords(typed, { typos: allowance, beginningTypos: allowance - 1 })) {
        if (isKey) close(key, typed, typos);
        // What was typed may be the start of a longer word: that is a little further away.
        if (typos + 0.5 > allowance || !begins) continue;
        for (const longer of this.wordsStartingWith(key, typed.length + 1, true)) close(this.parts.words.word(longer), typed, typos + 0.5);
      }
    }
    const byLabel = new Map<string, number>();
    const consider = (label: string, close: number) => {
      if (close < (byLabel.get(label) ?? NO_MATCH)) byLabel.set(label, close);
    };
    for (const [word, close] of closeness) {
      for (const holder of listOf(this.parts.labelHolders, this.parts.words.indexOf(word)).subarray(0, SUGGESTION_HOLDERS_PER_WORD)) {
        const product = holder >>> LABEL_BITS;
        if (holder & IN_NAME) consider(textAt(this.parts.names, product), close);
        if (holder & IN_CATEGORY) consider(this.parts.categories[this.parts.categoryOf[product]].name, close);
      }
    }
    return closestLabels(byLabel, limit);
  }
}

interface Hits {
  products: Uint32Array;
  firstCount: number;
  scratch: Scratch;
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
