// Every product and category of the seed has a picture of its own: no two share a drawing (the
// same shape in the same colour), and no two drawn files are the same once their titles are set aside.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { seedCategories, seedProducts } from '../../server/db/seed/catalog';

const STATIC_DIR = new URL('../../server/static', import.meta.url);

/** Groups of ids that share a value. */
function shared(entries: [id: string, value: string][]): string[][] {
  const byValue = new Map<string, string[]>();
  for (const [id, value] of entries) byValue.set(value, [...(byValue.get(value) ?? []), id]);
  return [...byValue.values()].filter((ids) => ids.length > 1);
}

const all = [...seedProducts, ...seedCategories];

describe('seed pictures', () => {
  it('never draws two products or categories with the same shape and colour', () => {
    expect(shared(all.map((item) => [item.id, `${item.art.kind} ${item.art.color}`]))).toEqual([]);
  });

  it('never ships two identical picture files', () => {
    const drawing = (image: string) => readFileSync(new URL(`.${image}`, `${STATIC_DIR.href}/`), 'utf8').replace(/<title>[^<]*<\/title>/, '');
    expect(shared(all.map((item) => [item.id, drawing(item.image)]))).toEqual([]);
    expect(new Set(seedProducts.map((product) => product.image)).size).toBe(seedProducts.length);
  });
});
