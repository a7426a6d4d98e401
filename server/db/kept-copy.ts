// A small shop setting (the delivery schedule, the fee table, the packing rules) kept in memory once
// read: every cart and every order needs it, staff change it a few times a year. Its writer announces
// the topic (changes.ts) and every instance drops its copy; while changes made elsewhere may go
// unheard, a copy lives at most UNHEARD_LIFETIME_MS.
import type { Kysely, Transaction } from 'kysely';
import { lifetimeMs, onChange } from './changes';
import type { Database } from './schema';

type Db = Kysely<Database> | Transaction<Database>;

interface Kept<T> {
  value?: T;
  readAt: number;
  /** Bumped by every change heard: a read that began before a change is not kept. */
  generation: number;
}

/**
 * The setting of `topic`, read by `read` when no fresh copy is kept. Inside a transaction, pass it as
 * `db`: a missing copy is then read through it (on the embedded database a read on the shop's handle
 * would wait for that transaction to end), and kept as any other read.
 */
export function keptCopy<T>(topic: string, normalLifetimeMs: number, read: (db: Db) => Promise<T>) {
  // By database handle, like the catalog's caches: two shops in one process (tests) keep their own.
  const copies = new WeakMap<Kysely<Database>, Kept<T>>();
  function keptOf(deps: { db: Kysely<Database> }): Kept<T> {
    let kept = copies.get(deps.db);
    if (!kept) {
      const fresh: Kept<T> = { readAt: 0, generation: 0 };
      onChange(deps, topic, () => {
        fresh.value = undefined;
        fresh.generation += 1;
      });
      copies.set(deps.db, (kept = fresh));
    }
    return kept;
  }
  return async function readKept(deps: { db: Kysely<Database> }, db: Db = deps.db): Promise<T> {
    const kept = keptOf(deps);
    if (kept.value !== undefined && Date.now() - kept.readAt < lifetimeMs(deps, normalLifetimeMs)) return kept.value;
    const generation = kept.generation;
    const readAt = Date.now();
    const value = await read(db);
    if (kept.generation === generation) Object.assign(kept, { value, readAt });
    return value;
  };
}
