// Every write to the catalog (products, categories, prices, staff's in-stock mark, ratings) goes through
// changeCatalog. Stock counts are not the catalog's: an order changes no catalog copy (modules/stock).
// Whatever keeps a copy of catalog data (the search index, cached pages and replies) listens here and
// drops it, on every instance serving the shop, so no face serves a stale price or product once the
// write has been answered (server/db/changes.ts says how the notice travels).
import type { Transaction } from 'kysely';
import { changing, onChange, type Changes } from '../../db/changes';
import type { Database } from '../../db/schema';
import type { ShopDeps } from '../../lib/deps';

const CATALOG_TOPIC = 'catalog';

/** Calls `listener` after every committed catalog write on this database, by any instance; returns a function that stops it. */
export function onCatalogChange(deps: Pick<ShopDeps, 'db'>, listener: () => void): () => void {
  return onChange(deps, CATALOG_TOPIC, listener);
}

/** Runs `work` (every query through `trx`) as one transaction that, once committed, every catalog copy hears of. */
export function changeCatalog<T>(deps: Pick<ShopDeps, 'db'>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return changing(deps, CATALOG_TOPIC, work);
}

/** Announces a catalog write made inside a larger transaction (inTransaction), for when it commits. */
export function announceCatalogChange(changes: Changes): Promise<void> {
  return changes.announce(CATALOG_TOPIC);
}
