// Caches bounded by the bytes their entries hold, never by a count of entries: one entry may be a
// product's name or a page of fifteen products, and a count says nothing about the memory they take.
// Past the budget the least recently read entries go; an entry larger than the whole budget is not
// kept at all. Sizes are V8's, roughly (approximateBytes): a header per object, a slot per property or
// element, a byte per character of a Latin-1 string; the key and the cache's own bookkeeping count.
import { LRUCache } from 'lru-cache';

const HEADER = 24;
const SLOT = 8;
/** Deeper than any value a service returns; a deeper value is counted as one slot there. */
const MAX_DEPTH = 8;
/** What an entry costs beyond its key and value: the LRU's slots, the entry object, its time to live. */
const ENTRY_OVERHEAD = 200;

/** About how many bytes `value` holds. An object reached twice is counted twice: a cache that overestimates only keeps a little less. */
export function approximateBytes(value: unknown, depth = 0): number {
  if (typeof value === 'string') return HEADER + value.length;
  if (value === null || typeof value !== 'object') return SLOT;
  if (depth >= MAX_DEPTH) return SLOT;
  if (ArrayBuffer.isView(value)) return 2 * HEADER + value.byteLength;
  if (value instanceof Date) return HEADER + SLOT;
  if (Array.isArray(value)) {
    let bytes = HEADER + SLOT * value.length;
    for (const element of value) bytes += approximateBytes(element, depth + 1);
    return bytes;
  }
  let bytes = HEADER;
  for (const key in value) bytes += SLOT + approximateBytes((value as Record<string, unknown>)[key], depth + 1);
  return bytes;
}

/** An LRU cache of at most `maxBytes` (approximateBytes of each key and value, and the entry's bookkeeping), each entry kept `ttlMs` unless `set` is given another. */
export function byteBoundedCache<V extends object>({ maxBytes, ttlMs }: { maxBytes: number; ttlMs: number }): LRUCache<string, V> {
  return new LRUCache<string, V>({
    maxSize: maxBytes,
    sizeCalculation: (value, key) => approximateBytes(key) + approximateBytes(value) + ENTRY_OVERHEAD,
    ttl: ttlMs,
  });
}
