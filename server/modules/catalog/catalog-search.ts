// Product search ranking: pure functions over the catalog's words, so the relevance suite can check it
// without a database. A product matches when every word of the search matches one of its words; how
// well it matches is decided by where (name or local name, then category, then description) and how
// (the same word, a word it starts, a word with a typo). A fuzzy hit anywhere but a name or category
// is too weak to show: "rice" must not find "turmeric" or "strawberries".

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

/** Plural and singular are the same word to a shopper: tomato/tomatoes, bean/beans, leaf/leaves. */
export function stem(word: string): string {
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

/** Edit distance with swapped neighbours counted once (optimal string alignment), or limit + 1 once over it. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2] + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length];
}

const EXACT = 0;
const PREFIX = 1;
const FUZZY = 2;
const NO_MATCH = Number.POSITIVE_INFINITY;

/** How one search word matches one catalog word: exact (or plural), the start of it, a typo of it. */
function wordMatch(query: string, word: string, fuzzy: boolean): number {
  if (word === query || stem(word) === stem(query)) return EXACT;
  if (query.length >= 2 && word.startsWith(query)) return PREFIX;
  if (!fuzzy) return NO_MATCH;
  const allowance = typoAllowance(query.length);
  if (allowance === 0) return NO_MATCH;
  if (editDistance(query, word, allowance) <= allowance || editDistance(query, stem(word), allowance) <= allowance) return FUZZY;
  // A typo in a word that is still being typed: "tomatp" for "tomatoes"; shorter starts are too vague.
  if (query.length >= 6 && word.length > query.length && editDistance(query, word.slice(0, query.length), 1) <= 1) return FUZZY;
  return NO_MATCH;
}

/**
 * How one search word matches each catalog word, worked out once per search: thousands of products
 * share the same few words, so ranking them costs map lookups rather than edit distances.
 */
class WordMatches {
  private readonly fuzzy = new Map<string, number>();
  private readonly exact = new Map<string, number>();
  /** `mayMatch`, when known (the search index), holds every catalog word this one can match. */
  constructor(
    readonly query: string,
    private readonly mayMatch?: Set<string>,
  ) {}

  best(words: string[], fuzzy: boolean): number {
    const known = fuzzy ? this.fuzzy : this.exact;
    let best = NO_MATCH;
    for (const word of words) {
      if (this.mayMatch && !this.mayMatch.has(word)) continue;
      let match = known.get(word);
      if (match === undefined) known.set(word, (match = wordMatch(this.query, word, fuzzy)));
      if (match < best) best = match;
    }
    return best;
  }
}

// Tiers: name or local name 0..2, category 3..5, description 6..7 (a description never matches by typo).
const CATEGORY_TIER = 3;
const DESCRIPTION_TIER = 6;

function wordTier(matches: WordMatches, entry: IndexedEntry): number {
  const inName = matches.best(entry.nameWords, true);
  if (inName < NO_MATCH) return inName;
  const inCategory = matches.best(entry.categoryWords, true);
  if (inCategory < NO_MATCH) return CATEGORY_TIER + inCategory;
  // Prefixes of very short words ("ri" in "ripe") are noise in a description.
  const inDescription = matches.best(entry.descriptionWords, false);
  if (inDescription === PREFIX && matches.query.length < 4) return NO_MATCH;
  return DESCRIPTION_TIER + inDescription;
}

/** The whole text as the name, or the start of it, beats any word-by-word match. */
function phraseBonus(text: string, entry: IndexedEntry): number {
  const name = entry.name.toLowerCase();
  const local = entry.localName.toLowerCase();
  if (name === text || local === text) return -2;
  if (name.startsWith(text) || local.startsWith(text)) return -1;
  return 0;
}

/**
 * Every product the text finds, best first; the text is words, so punctuation never matters.
 * `mayMatch` (from the search index) names, per search word, every catalog word it can match.
 */
export function rankProducts(entries: IndexedEntry[], text: string, mayMatch?: Map<string, Set<string>>): RankedHit[] {
  const words = searchWords(text).slice(0, MAX_SEARCH_WORDS);
  if (!words.length) return [];
  const phrase = text.toLowerCase().replace(/\s+/g, ' ').trim();
  const matchers = words.map((word) => new WordMatches(word, mayMatch?.get(word)));
  const hits: RankedHit[] = [];
  for (const entry of entries) {
    let tier = 0;
    let total = 0;
    for (const matches of matchers) {
      const wordScore = wordTier(matches, entry);
      if (wordScore === NO_MATCH) {
        tier = NO_MATCH;
        break;
      }
      tier = Math.max(tier, wordScore);
      total += wordScore;
    }
    if (tier === NO_MATCH) continue;
    hits.push({ id: entry.id, tier: tier + phraseBonus(phrase, entry), total });
  }
  // Hits are found in the entries' order, and the sort is stable: ties keep that order.
  return hits.sort((a, b) => a.tier - b.tier || a.total - b.total);
}

/**
 * When nothing matches: up to three product or category names close to what was typed, so the
 * shopper has something to tap ("tomatoe sauce" -> "Tomato ketchup"?). Looser than search itself.
 * `mayBeClose` lets a caller that already knows which words can be close (the search index) skip
 * working out the others.
 */
export function suggestNames(entries: IndexedEntry[], text: string, limit = 3, mayBeClose: (word: string) => boolean = () => true): string[] {
  const words = searchWords(text).filter((word) => word.length >= 3).slice(0, MAX_SEARCH_WORDS);
  if (!words.length) return [];
  const candidates = new Map<string, number>();
  // Labels share words ("Fresh beans", "Dried beans"): each word's closeness is worked out once.
  const closeness = new Map<string, number>();
  const closenessOf = (word: string): number => {
    let best = closeness.get(word);
    if (best !== undefined) return best;
    best = NO_MATCH;
    if (mayBeClose(word)) for (const query of words) {
      const allowance = Math.max(1, Math.ceil(query.length / 3));
      const distance = Math.min(
        editDistance(query, word, allowance),
        word.length > query.length ? editDistance(query, word.slice(0, query.length), allowance) + 0.5 : NO_MATCH,
      );
      if (distance <= allowance) best = Math.min(best, distance / query.length);
    }
    closeness.set(word, best);
    return best;
  };
  const consider = (label: string, labelWords: string[]) => {
    let best = NO_MATCH;
    for (const word of labelWords) best = Math.min(best, closenessOf(word));
    if (best < NO_MATCH && best < (candidates.get(label) ?? NO_MATCH)) candidates.set(label, best);
  };
  for (const entry of entries) {
    consider(entry.name, entry.nameWords);
    consider(entry.category, entry.categoryWords);
  }
  return closestLabels(candidates, limit);
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
