// Caches bounded by bytes (lib/byte-bounded-cache.ts): what an entry holds counts, not how many entries
// there are, so a flood of large answers evicts the least recently read and a crowd of small ones is kept.
import { describe, expect, it } from 'vitest';
import { approximateBytes, byteBoundedCache } from '../../server/lib/byte-bounded-cache';

const MB = 1024 * 1024;
const product = (id: number) => ({ _id: `p-${id}`, productname: 'Tomatoes', price: 1200, offerPrice: null, inStock: true, productCategory: { _id: 'vegetables', name: 'Vegetables' } });

describe('approximateBytes', () => {
  it('grows with what a value holds: characters, elements, nested objects, bytes of a buffer', () => {
    expect(approximateBytes('x'.repeat(1000))).toBeGreaterThan(approximateBytes('x'.repeat(10)) + 900);
    const onePage = { products: Array.from({ length: 15 }, (_, index) => product(index)), pagination: { total: 15 } };
    expect(approximateBytes(onePage)).toBeGreaterThan(15 * approximateBytes(product(1)));
    expect(approximateBytes(new Uint8Array(64 * 1024))).toBeGreaterThan(64 * 1024);
  });
});

describe('a cache bounded by bytes', () => {
  it('evicts the least recently read entries once their bytes pass the budget', () => {
    const cache = byteBoundedCache<{ text: string }>({ maxBytes: 4 * MB, ttlMs: 60_000 });
    const quarter = (name: string) => ({ text: name.padEnd(MB - 1024, '.') });
    for (const name of ['a', 'b', 'c', 'd']) cache.set(name, quarter(name));
    cache.get('a'); // read again: now b is the least recently read
    cache.set('e', quarter('e'));
    expect(cache.has('b')).toBe(false);
    expect([...'acde'].every((name) => cache.has(name))).toBe(true);
  });

  it('keeps as many small entries as fit, however many that is', () => {
    const cache = byteBoundedCache<{ id: number }>({ maxBytes: 4 * MB, ttlMs: 60_000 });
    for (let id = 0; id < 10_000; id += 1) cache.set(`search:${id}`, { id });
    expect(cache.size).toBe(10_000);
    expect(cache.get('search:0')).toEqual({ id: 0 });
  });

  it('never keeps an entry larger than the whole budget', () => {
    const cache = byteBoundedCache<{ body: Uint8Array }>({ maxBytes: MB, ttlMs: 60_000 });
    cache.set('small', { body: new Uint8Array(10) });
    cache.set('huge', { body: new Uint8Array(2 * MB) });
    expect(cache.has('huge')).toBe(false);
    expect(cache.has('small')).toBe(true);
  });
});
