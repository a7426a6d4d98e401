// The relevance suite: for each search a shopper really types, the products that must be in the first
// five results and the ones that must not be anywhere near the top. Runs on the seed catalog itself.
import { seedCategories, seedProducts } from '../../server/modules/catalog/seed/catalog';
import { searchIndexOf } from '../../server/modules/catalog/search-index-builder';

const categoryName = new Map(seedCategories.map((c) => [c.id, c.name]));
const entries = seedProducts.map((p) => ({
  id: p.id,
  name: p.name,
  localName: p.localName ?? '',
  category: categoryName.get(p.categoryId)!,
  categoryId: p.categoryId,
  description: p.description,
}));
const index = searchIndexOf(entries);
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

  it('lists the tomatoes for "tomato", not the products whose description only mentions tomato', () => {
    const tomato = search('tomato');
    expect(tomato.slice(0, 5).sort()).toEqual(['Cherry tomatoes', 'Tomato ketchup', 'Tomato paste', 'Tomatoes', 'Tree tomatoes']);
    // "Fry with onion and tomato", "good in stews with coconut or tomato": a recipe note, not a tomato.
    expect(tomato).not.toContain('Amaranth greens (dodo)');
    expect(tomato).not.toContain('Green grams');
    expect(search('inyanya')).not.toContain('Amaranth greens (dodo)');
  });

  it('still finds a product by its description when no name, local name or category holds the word', () => {
    expect(search('nyabugogo')).toEqual(['Amaranth greens (dodo)']);
    expect(search('marshland')).toEqual(['Amaranth greens (dodo)']);
    // The start of a description word counts too, as a word still being typed.
    expect(search('marshl')).toEqual(['Amaranth greens (dodo)']);
  });

  it('finds nothing for a typo of a description word alone', () => {
    for (const typo of ['marshlnd', 'nyabugoga', 'nyabgogo', 'marhsland']) expect(search(typo), typo).toEqual([]);
  });

  it('suggests close product or category names when nothing matches', () => {
    expect(search('cabage soupp')).toEqual([]);
    expect(suggestNames('cabage soupp')).toEqual(['Cabbage']);
    expect(search('meet fsh')).toEqual([]);
    expect(suggestNames('meet fsh')).toContain('Meat & Fish');
    expect(suggestNames('zzzzqqqq')).toEqual([]);
  });
});

describe('where a search word is found', () => {
  // Newest first: the products whose description holds the word are the newest, so a tie would put them first.
  const shop = searchIndexOf([
    { id: 'soup-pack', name: 'Soup pack', localName: '', category: 'Vegetables', categoryId: 'vegetables', description: 'Onion, carrot and tomato, cut for a stew.' },
    { id: 'sauce-base', name: 'Sauce base', localName: '', category: 'Vegetables', categoryId: 'vegetables', description: 'Inyanya and onion, blended to fry.' },
    { id: 'tomatoes', name: 'Tomatoes', localName: 'Inyanya', category: 'Vegetables', categoryId: 'vegetables', description: 'Ripe and firm, for a stew or to fry.' },
  ]);
  const ids = (text: string) => shop.rank(text).map((hit) => hit.id);

  it('ranks a word in the name above the same word in a description', () => {
    expect(ids('tomato')).toEqual(['tomatoes']);
    // Every product needs its description for "stew": the one holding "tomato" in its name comes first.
    expect(ids('tomato stew')).toEqual(['tomatoes', 'soup-pack']);
  });

  it('ranks a word in the local name above the same word in a description', () => {
    expect(ids('inyanya')).toEqual(['tomatoes']);
    expect(ids('inyanya fry')).toEqual(['tomatoes', 'sauce-base']);
  });

  it('lists description matches when nothing holds the word in its name, newest first', () => {
    expect(ids('onion')).toEqual(['soup-pack', 'sauce-base']);
  });
});
