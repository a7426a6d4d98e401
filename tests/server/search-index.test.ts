// The search index is flat arrays of our own (decision 013); before them it stood on MiniSearch (decision
// 003), and before that the search was written by hand. A shopper must not see the difference: on the seed catalog every search a shopper types ranks, and
// every "did you mean" offers, what the hand-written search answered (search-answers.json, recorded
// from it at the commit it names), and on a large generated catalog a search finds the same products
// in the same order. Re-record the answers only for a change of ranking meant to be seen: they were
// re-recorded once, when a product found only through its description stopped being listed beside
// products holding every search word in their name, local name or category ("tomato" no longer lists
// Amaranth greens, whose description says to fry them with tomato); nothing else changed.
import { readFileSync } from 'node:fs';
import { seedCategories, seedProducts } from '../../server/modules/catalog/seed/catalog';
import { searchIndexOf, SearchIndexBuilder, type SearchEntry } from '../../server/modules/catalog/search-index-builder';
import { trigramsOf } from '../../server/modules/catalog/search-text';

interface RecordedAnswers {
  seedRank: Record<string, string[]>;
  seedSuggest: Record<string, string[]>;
  vegetables: Record<string, string[]>;
  largeRank: Record<string, string[]>;
}
const recorded = JSON.parse(readFileSync(new URL('./search-answers.json', import.meta.url), 'utf8')) as RecordedAnswers;

const categoryName = new Map(seedCategories.map((c) => [c.id, c.name]));
const seedEntries: SearchEntry[] = seedProducts.map((p) => ({
  id: p.id,
  name: p.name,
  localName: p.localName ?? '',
  category: categoryName.get(p.categoryId)!,
  categoryId: p.categoryId,
  description: p.description,
}));
const seedIndex = searchIndexOf(seedEntries);
const nameOf = new Map(seedProducts.map((p) => [p.id, p.name]));
const names = (hits: Array<{ id: string }>) => hits.map((hit) => nameOf.get(hit.id)!);

// Exact words, plurals, starts of words, typos of every kind (swap, missing, extra, wrong letter,
// first letter), words still being typed, local names, several words, categories, descriptions.
const QUERIES = [
  'rice', 'milk', 'tomatos', 'ibirayi', 'banans', 'inyanya', 'bread', 'oil', 'potato', 'eggs', 'tea', 'flour', 'chiken',
  'avacado', 'amata', 'sweet potato', 'Cherry tomatoes', 'tomatoes', 'cabbage', 'to', 'tom', 'toma', 'tomatp', 'omatoes',
  'tomaotes', 'otmatoes', 'bananna', 'banaans', 'avocdo', 'avocadoss', 'chickn', 'chickens', 'straberries', 'strawbery',
  'leaves', 'leaf', 'berries', 'fish', 'meat fish', 'dairy', 'diary', 'vegetables', 'vegetabels', 'fresh', 'frsh milk',
  'maize flour', 'kawunga', 'matoke', 'ikivuguto', 'uht', 'long life', 'ri', 'r', 'x', 'zzzzqqqq', "'; drop table products; --",
  '🍅', '   ', 'a b c', 'sweet', 'sweat', 'swet potatos', 'cassava', 'casava', 'cassavva', 'sorghum', 'sorgum', 'green',
  'geen beans', 'beans', 'bean', 'been', 'salt', 'sugar', 'sugr', 'soap', 'water', 'watr', 'juice', 'juce', 'organic',
];

describe('search index on the seed catalog', () => {
  it('ranks every search exactly as the hand-written search did', () => {
    for (const query of QUERIES) {
      expect(names(seedIndex.rank(query)), query).toEqual(recorded.seedRank[query]);
    }
  });

  it('suggests the same names as the hand-written search when nothing matches', () => {
    for (const query of ['cabage soupp', 'zzzzqqqq', 'tomatoe sauce', 'brd', 'yoghurtt', 'avocdo salad']) {
      expect(seedIndex.suggest(query), query).toEqual(recorded.seedSuggest[query]);
    }
    expect(seedIndex.suggest('cabage soupp')).toEqual(['Cabbage']);
  });

  it('never suggests a word sharing a single trigram with a longer search word ("meet" is not "beetroot" or "beef", "chese" is not "ghee")', () => {
    expect(seedIndex.suggest('meet fsh')).toEqual(['Goat meat', 'Meat & Fish', 'Sweet bananas']);
    expect(seedIndex.suggest('chese')).toEqual(['Gouda cheese']);
  });

  it('narrows to a category exactly as filtering the whole catalog does', () => {
    const vegetablesOnly = searchIndexOf(seedEntries.filter((entry) => entry.categoryId === 'vegetables'));
    for (const query of ['beans', 'tomatos', 'fresh', 'oil']) {
      expect(seedIndex.rank(query, 'vegetables'), query).toEqual(vegetablesOnly.rank(query));
      expect(names(seedIndex.rank(query, 'vegetables')), query).toEqual(recorded.vegetables[query]);
    }
  });

  it('finds a long local name still being typed, with a typo in it', () => {
    // "tungurusumu" (garlic) and "ibitunguru" (onions) are long to type on a keypad.
    expect(names(seedIndex.rank('tungura'))).toEqual(['Garlic']);
    expect(names(seedIndex.rank('ibituna'))).toEqual(['Red onions']);
  });

  it('pads trigrams as pg_trgm does', () => {
    expect(trigramsOf('tea')).toEqual(['  t', ' te', 'tea', 'ea ']);
  });
});

describe('search index on a large catalog', () => {
  const KINDS = ['beans', 'maize', 'cassava', 'sorghum', 'millet', 'peas', 'yams', 'greens', 'leeks', 'chillies'];
  const generated: SearchEntry[] = Array.from({ length: 5_000 }, (_, n) => ({
    id: `scale-${n}`,
    name: `Farm ${KINDS[n % KINDS.length]} lot ${n}`,
    localName: '',
    category: 'Grains',
    categoryId: 'grains',
    description: 'Generated',
  }));
  const entries = [...seedEntries, ...generated];
  const index = searchIndexOf(entries);

  it('looks only at products holding a word like the search', () => {
    expect(index.rank('tomatos').every((hit) => !hit.id.startsWith('scale-'))).toBe(true);
    expect(index.rank('tomatos')).toEqual(seedIndex.rank('tomatos'));
  });

  it('still finds every match of a common word, with its typo, in the same order', () => {
    for (const query of ['beans', 'beans1', 'sorgum', 'lot 1234', 'farm millet']) {
      expect(index.rank(query).map((hit) => hit.id), query).toEqual(recorded.largeRank[query]);
    }
    expect(index.rank('beans1').length).toBeGreaterThanOrEqual(500);
  });

  it('is the same index when built a slice at a time', async () => {
    const builder = new SearchIndexBuilder();
    await builder.addSoon(entries);
    const built = await builder.finishSoon();
    for (const query of ['beans1', 'tomatos', 'lot 4999', 'chillie']) expect(built.rank(query), query).toEqual(index.rank(query));
    expect(built.suggest('beans123')).toEqual(index.suggest('beans123'));
  });
});
