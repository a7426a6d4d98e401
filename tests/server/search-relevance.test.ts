// The relevance suite: for each search a shopper really types, the products that must be in the first
// five results and the ones that must not be anywhere near the top. Runs on the seed catalog itself.
import { seedCategories, seedProducts } from '../../server/modules/catalog/seed/catalog';
import { indexEntry, SearchIndex } from '../../server/modules/catalog/catalog-search';

const categoryName = new Map(seedCategories.map((c) => [c.id, c.name]));
const entries = seedProducts.map((p) =>
  indexEntry({
    id: p.id,
    name: p.name,
    localName: p.localName ?? '',
    category: categoryName.get(p.categoryId)!,
    categoryId: p.categoryId,
    description: p.description,
  }),
);
const index = new SearchIndex(entries);
const nameOf = new Map(seedProducts.map((p) => [p.id, p.name]));
const search = (text: string) => index.rank(text).map((hit) => nameOf.get(hit.id)!);
const suggestNames = (text: string) => index.suggest(text);

const cases: Array<{ query: string; mustTop5: string[]; mustNotTop5?: string[]; maxResults?: number }> = [
  { query: 'rice', mustTop5: ['Local rice', 'Basmati rice'], mustNotTop5: ['Strawberries', 'Turmeric powder', 'African eggplant'], maxResults: 6 },
  { query: 'milk', mustTop5: ['Inyange fresh milk', 'Fresh cow milk', 'Long life milk (UHT)', 'Ikivuguto (fermented milk)'], mustNotTop5: ['Millet flour'] },
  { query: 'tomatos', mustTop5: ['Tomatoes', 'Cherry tomatoes', 'Tree tomatoes'] },
  { query: 'ibirayi', mustTop5: ['Irish potatoes'], mustNotTop5: ['Red beans', 'Yellow beans'] },
  { query: 'banans', mustTop5: ['Sweet bananas', 'Cooking bananas (matoke)', 'Apple bananas'], mustNotTop5: ['Yellow beans', 'Soya beans'] },
  { query: 'inyanya', mustTop5: ['Tomatoes', 'Cherry tomatoes'] },
  { query: 'bread', mustTop5: ['Sliced white bread', 'Brown bread', 'Banana bread'], mustNotTop5: ['Sweet potatoes', 'Avocados'] },
  { query: 'oil', mustTop5: ['Sunflower cooking oil', 'Red palm oil', 'Akabanga chili oil'], mustNotTop5: ['Croissant', 'Tilapia', 'Beef fillet'] },
  { query: 'potato', mustTop5: ['Irish potatoes', 'Sweet potatoes'], mustNotTop5: ['Tomatoes', 'Tomato ketchup'] },
  { query: 'eggs', mustTop5: ['Eggs (tray of 30)', 'Village eggs (dozen)'], mustNotTop5: ['African eggplant'] },
  { query: 'tea', mustTop5: ['Rwanda black tea', 'Ginger tea bags'], mustNotTop5: ['Taro', 'Green beans', 'Baguette'] },
  { query: 'flour', mustTop5: ['Cassava flour', 'Maize flour (kawunga)'], mustNotTop5: ['Local rice'] },
  { query: 'chiken', mustTop5: ['Whole chicken'] },
  { query: 'avacado', mustTop5: ['Avocados'] },
  { query: 'amata', mustTop5: ['Inyange fresh milk', 'Fresh cow milk'], mustNotTop5: ['Taro', 'Sorghum flour'] },
  { query: 'sweet potato', mustTop5: ['Sweet potatoes'], mustNotTop5: ['Irish potatoes', 'Sweet bananas'] },
  { query: 'Cherry tomatoes', mustTop5: ['Cherry tomatoes'] },
];

describe('search relevance on the seed catalog', () => {
  for (const { query, mustTop5, mustNotTop5 = [], maxResults } of cases) {
    it(`"${query}"`, () => {
      const results = search(query);
      const top5 = results.slice(0, 5);
      for (const name of mustTop5) expect(top5, `${name} in the top 5 for "${query}"`).toContain(name);
      for (const name of mustNotTop5) expect(top5, `${name} not in the top 5 for "${query}"`).not.toContain(name);
      if (maxResults !== undefined) expect(results.length).toBeLessThanOrEqual(maxResults);
    });
  }

  it('puts a name match above a category match, and a category match above a description match', () => {
    const eggs = search('eggs');
    expect(eggs.slice(0, 2).sort()).toEqual(['Eggs (tray of 30)', 'Village eggs (dozen)']);
    // "Dairy & Eggs" products come next, before products that only mention eggs in their description.
    expect(eggs[2]).not.toBeUndefined();
    expect(seedProducts.find((p) => p.name === eggs[2])!.categoryId).toBe('dairy-eggs');
  });

  it('puts the exact name first', () => {
    expect(search('tomatoes')[0]).toBe('Tomatoes');
    expect(search('cabbage')[0]).toBe('Cabbage');
  });

  it('finds nothing for gibberish or punctuation, without throwing', () => {
    for (const text of ['zzzzqqqq', '(', "'; drop table products; --", '🍅', '   ']) expect(search(text)).toEqual([]);
  });

  it('suggests close product or category names when nothing matches', () => {
    expect(search('cabage soupp')).toEqual([]);
    expect(suggestNames('cabage soupp')).toEqual(['Cabbage']);
    expect(search('meet fsh')).toEqual([]);
    expect(suggestNames('meet fsh')).toContain('Meat & Fish');
    expect(suggestNames('zzzzqqqq')).toEqual([]);
  });
});
