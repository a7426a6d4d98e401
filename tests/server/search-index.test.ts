// The search index only narrows which products ranking looks at: on the seed catalog, every search a
// shopper types must rank exactly as ranking over the whole catalog does, and on a large generated
// catalog a search must look at the products that resemble it and no others.
import { seedCategories, seedProducts } from '../../server/db/seed/catalog';
import { indexEntry, rankProducts, suggestNames, type IndexedEntry } from '../../server/modules/catalog/catalog-search';
import { SearchIndex, trigramsOf } from '../../server/modules/catalog/search-index';

const categoryName = new Map(seedCategories.map((c) => [c.id, c.name]));
const seedEntries = seedProducts.map((p) =>
  indexEntry({ id: p.id, name: p.name, localName: p.localName ?? '', category: categoryName.get(p.categoryId)!, categoryId: p.categoryId, description: p.description }),
);
const seedIndex = new SearchIndex(seedEntries);

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
  it('ranks every search exactly as a scan of the whole catalog does', () => {
    for (const query of QUERIES) {
      expect(seedIndex.rank(query), query).toEqual(rankProducts(seedEntries, query));
    }
  });

  it('suggests the same names as a scan of the whole catalog when nothing matches', () => {
    for (const query of ['cabage soupp', 'zzzzqqqq', 'tomatoe sauce', 'brd', 'yoghurtt', 'avocdo salad']) {
      expect(seedIndex.suggest(query), query).toEqual(suggestNames(seedEntries, query));
    }
    expect(seedIndex.suggest('cabage soupp')).toEqual(['Cabbage']);
  });

  it('never suggests a word sharing a single trigram with a longer search word ("meet" is not "beetroot" or "beef", "chese" is not "ghee")', () => {
    expect(suggestNames(seedEntries, 'meet fsh')).toContain('Beetroot');
    expect(seedIndex.suggest('meet fsh')).toEqual(['Goat meat', 'Meat & Fish', 'Sweet bananas']);
    expect(suggestNames(seedEntries, 'chese')).toEqual(['Gouda cheese', 'Ghee', 'Goat meat']);
    expect(seedIndex.suggest('chese')).toEqual(['Gouda cheese']);
  });

  it('narrows to a category exactly as filtering the whole catalog does', () => {
    for (const query of ['beans', 'tomatos', 'fresh', 'oil']) {
      const inVegetables = (entry: IndexedEntry) => entry.categoryId === 'vegetables';
      expect(seedIndex.rank(query, inVegetables), query).toEqual(rankProducts(seedEntries.filter(inVegetables), query));
    }
  });

  it('pads trigrams as pg_trgm does', () => {
    expect(trigramsOf('tea')).toEqual(['  t', ' te', 'tea', 'ea ']);
  });
});

describe('search index on a large catalog', () => {
  const KINDS = ['beans', 'maize', 'cassava', 'sorghum', 'millet', 'peas', 'yams', 'greens', 'leeks', 'chillies'];
  const generated: IndexedEntry[] = Array.from({ length: 5_000 }, (_, n) =>
    indexEntry({ id: `scale-${n}`, name: `Farm ${KINDS[n % KINDS.length]} lot ${n}`, localName: '', category: 'Grains', categoryId: 'grains', description: 'Generated' }),
  );
  const entries = [...seedEntries, ...generated];
  const index = new SearchIndex(entries);

  it('looks only at products holding a word like the search', () => {
    const candidates = index.candidates('tomatos');
    expect(candidates.every((entry) => !entry.id.startsWith('scale-'))).toBe(true);
    expect(index.rank('tomatos')).toEqual(rankProducts(entries, 'tomatos'));
  });

  it('still finds every match of a common word, with its typo, in the same order', () => {
    for (const query of ['beans', 'beans1', 'sorgum', 'lot 1234', 'farm millet']) {
      expect(index.rank(query), query).toEqual(rankProducts(entries, query));
    }
    expect(index.rank('beans1').length).toBeGreaterThanOrEqual(500);
  });

  it('is the same index when built a slice at a time', async () => {
    const built = await SearchIndex.build(entries);
    for (const query of ['beans1', 'tomatos', 'lot 4999', 'chillie']) expect(built.rank(query), query).toEqual(index.rank(query));
    expect(built.suggest('beans123')).toEqual(index.suggest('beans123'));
  });
});
