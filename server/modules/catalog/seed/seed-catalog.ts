// Loads the seed catalog into the database. Safe to run again and again: it upserts by id and keeps
// each product's first created_at, so "newest first" listings do not reshuffle on every reseed.
import { sql, type Kysely } from 'kysely';
import type { Database } from '@server/db/schema';
import { isGsmSafe } from '@server/lib/gsm-text';
import { toMinor } from '@server/lib/money';
import { changeCatalog } from '../catalog-changes';
import { seedCategories, seedProducts, type SeedCategory, type SeedProduct } from './catalog';
import { seedRatings } from './ratings';

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

// Fails loudly on a bad catalog edit rather than letting a half-right seed reach shoppers.
export function checkCatalog(categories: SeedCategory[], products: SeedProduct[]): void {
  const problems: string[] = [];
  const categoryIds = new Set<string>();
  const categoryNames = new Set<string>();
  for (const c of categories) {
    if (categoryIds.has(c.id)) problems.push(`duplicate category id ${c.id}`);
    if (categoryNames.has(c.name.toLowerCase())) problems.push(`duplicate category name ${c.name}`);
    categoryIds.add(c.id);
    categoryNames.add(c.name.toLowerCase());
  }
  const productIds = new Set<string>();
  for (const p of products) {
    if (productIds.has(p.id)) problems.push(`duplicate product id ${p.id}`);
    productIds.add(p.id);
    if (!categoryIds.has(p.categoryId)) problems.push(`${p.id}: unknown category ${p.categoryId}`);
    if (!(p.price > 0)) problems.push(`${p.id}: price must be positive`);
    if (p.offerPrice !== undefined && !(p.offerPrice > 0 && p.offerPrice < p.price)) {
      problems.push(`${p.id}: offer price must be positive and below the price`);
    }
    if (p.ageDays < 0 || p.ageDays > 60) problems.push(`${p.id}: ageDays out of 0..60`);
  }
  // The USSD channel carries only GSM-7's plain part: anything else would show as '?' there.
  const texts = [
    ...categories.flatMap((c) => [c.name, c.description]),
    ...products.flatMap((p) => [p.name, p.localName ?? '', p.description]),
  ];
  for (const t of texts) if (!isGsmSafe(t)) problems.push(`text a USSD screen cannot show: ${t}`);
  for (const [id, { average, count }] of Object.entries(seedRatings)) {
    if (!productIds.has(id)) problems.push(`ratings: unknown product ${id}`);
    if (!(average >= 1 && average <= 5) || !Number.isInteger(count) || count < 1) problems.push(`ratings: ${id} needs an average of 1..5 and a count of 1 or more`);
  }
  if (problems.length) throw new Error(`Seed catalog is invalid:\n${problems.join('\n')}`);
}

export async function seedCatalog(
  db: Kysely<Database>,
  options: { now?: Date; onlyIfEmpty?: boolean } = {},
): Promise<{ categories: number; products: number } | undefined> {
  checkCatalog(seedCategories, seedProducts);
  // One reference instant for the whole run, and a minute per position to break ties between products
  // listed on the same day, so the order is fully determined by the catalog.
  const now = (options.now ?? new Date()).getTime();

  const categoryRows = seedCategories.map((c, position) => ({
    id: c.id,
    name: c.name,
    image: c.image,
    description: c.description,
    position,
  }));
  const isWeighed = (unit: string) => ['kg', 'g'].includes(unit.trim().toLowerCase());
  const productRows = seedProducts.map((p, index) => ({
    id: p.id,
    name: p.name,
    local_name: p.localName ?? null,
    price_minor: toMinor(p.price),
    offer_price_minor: p.offerPrice === undefined ? null : toMinor(p.offerPrice),
    image: p.image,
    unit: p.unit,
    description: p.description,
    category_id: p.categoryId,
    // Sold by weight in half kilos (docs/packing.md); everything else in whole units.
    ...(isWeighed(p.unit) ? { quantity_step: 0.5, min_quantity: 0.5 } : {}),
    created_at: new Date(now - p.ageDays * DAY_MS - index * MINUTE_MS),
    // Stored as a total and a count, the way shoppers' ratings add to them (rateProduct).
    rating_total: seedRatings[p.id] ? Math.round(seedRatings[p.id].average * seedRatings[p.id].count) : 0,
    rating_count: seedRatings[p.id]?.count ?? 0,
  }));
  const categoryIds = categoryRows.map((c) => c.id);
  const productIds = productRows.map((p) => p.id);

  // One change heard by every running instance: a reseed of a trading shop shows at once everywhere.
  const seeded = await changeCatalog({ db }, async (trx) => {
    // One seed at a time: instances started together on an empty database wait here, and the later
    // ones find the catalog the first one wrote.
    await sql`SELECT pg_advisory_xact_lock(hashtext('isoko_seed_catalog'))`.execute(trx);
    if (options.onlyIfEmpty) {
      const { count } = await trx.selectFrom('products').select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow();
      if (count > 0) return false;
    }
    // Stale products go first: they may belong to a category that is about to be removed. Removing stale
    // categories before the upsert also frees their names for seed categories that may reuse them.
    await trx.deleteFrom('products').where('id', 'not in', productIds).execute();
    await trx.deleteFrom('categories').where('id', 'not in', categoryIds).execute();

    // Renaming a category could collide with the unique lower(name) index before every row is
    // updated; parking old names on their ids first makes any rename or swap safe.
    await trx
      .updateTable('categories')
      .set({ name: sql<string>`'~' || id` })
      .where('id', 'in', categoryIds)
      .execute();
    await trx
      .insertInto('categories')
      .values(categoryRows)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          image: eb.ref('excluded.image'),
          description: eb.ref('excluded.description'),
          position: eb.ref('excluded.position'),
        })),
      )
      .execute();

    await trx
      .insertInto('products')
      .values(productRows)
      .onConflict((oc) =>
        // created_at, stock flag and rating totals belong to the running shop, not to the seed.
        oc.column('id').doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          local_name: eb.ref('excluded.local_name'),
          price_minor: eb.ref('excluded.price_minor'),
          offer_price_minor: eb.ref('excluded.offer_price_minor'),
          image: eb.ref('excluded.image'),
          unit: eb.ref('excluded.unit'),
          description: eb.ref('excluded.description'),
          category_id: eb.ref('excluded.category_id'),
        })),
      )
      .execute();
    return true;
  });

  return seeded ? { categories: categoryRows.length, products: productRows.length } : undefined;
}

/** On first start the shop opens with its catalog; later starts leave the catalog as it is. */
export async function seedCatalogIfEmpty(db: Kysely<Database>): Promise<{ categories: number; products: number } | undefined> {
  const row = await db.selectFrom('products').select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow();
  // Counted again under the seed's lock: another instance may be seeding right now.
  return row.count > 0 ? undefined : seedCatalog(db, { onlyIfEmpty: true });
}
