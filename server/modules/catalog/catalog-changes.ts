// Every write to the catalog (products, categories, prices, stock) ends with catalogChanged(deps).
// Whatever keeps a copy of catalog data (the search index, cached pages) listens here and drops it,
// so no face serves a stale price or product once the write has been answered.
import type { ShopDeps } from '../../lib/deps';

type Listener = () => void;

// Keyed by the database handle, like the caches themselves: two apps on two databases in one
// process (tests) never hear each other's changes.
const listenersByDatabase = new WeakMap<object, Set<Listener>>();

/** Calls `listener` after every catalog write on this database; returns a function that stops it. */
export function onCatalogChange(deps: Pick<ShopDeps, 'db'>, listener: Listener): () => void {
  let listeners = listenersByDatabase.get(deps.db);
  if (!listeners) listenersByDatabase.set(deps.db, (listeners = new Set()));
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells every listener that catalog data on this database has changed. */
export function catalogChanged(deps: Pick<ShopDeps, 'db'>): void {
  for (const listener of listenersByDatabase.get(deps.db) ?? []) listener();
}
