// The catalog: products, categories, search and ratings. What is kept in memory is the catalog's own
// data; what stock shows (in stock, running low, what is left) is added as each read answers
// (stock.service withStock), so an order never empties a catalog copy.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, ProductsTable } from '../../db/schema';
import type { ShopDeps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import { hasOffer, toFrw } from '../../lib/money';
import { quantityRule } from '../../lib/quantities';
import { offsetOf, paginate } from '../../lib/pagination';
import type { Pagination } from '../../lib/fields';
import { cachedRead, cachedReadMany } from './catalog-cache';
import { lifetimeMs, type Changes } from '../../db/changes';
import { announceCatalogChange, changeCatalog, onCatalogChange } from './catalog-changes';
import type { SearchIndex } from './catalog-search';
import { SearchIndexBuilder } from './search-index-builder';
import { withStock } from '../stock/stock.service';
import type { Category, CategoryProductsQuery, Product, ProductListQuery } from './catalog.schema';

type ProductRow = Selectable<ProductsTable> & { category_name: string };

/** Products shoppers may see: staff can hide a product, or a whole category. */
function selectProducts(db: Kysely<Database>) {
  return db
    .selectFrom('products')
    .innerJoin('categories', 'categories.id', 'products.category_id')
    .selectAll('products')
    .select('categories.name as category_name')
    .where('products.hidden', '=', false)
    .where('categories.hidden', '=', false);
}

/** The step and minimum a product sells by, as the faces and checks read them. */
function quantityFields(row: ProductRow): { quantityStep: number; minQuantity: number } {
  const rule = quantityRule(row.unit, row.quantity_step, row.min_quantity);
  return { quantityStep: rule.step, minQuantity: rule.min };
}

export function toProduct(row: ProductRow): Product {
  return {
    _id: row.id,
    productname: row.name,
    ...(row.local_name ? { localName: row.local_name } : {}),
    price: toFrw(row.price_minor),
    offerPrice: hasOffer(row.price_minor, row.offer_price_minor) ? toFrw(row.offer_price_minor) : null,
    productImage: row.image,
    productUnit: row.unit,
    ...quantityFields(row),
    description: row.description || 'No description available',
    averageRating: row.rating_count ? Math.round((row.rating_total / row.rating_count) * 10) / 10 : 0,
    ratingCount: row.rating_count,
    inStock: row.in_stock,
    productCategory: { _id: row.category_id, name: row.category_name },
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export async function listCategories(deps: ShopDeps): Promise<Category[]> {
  return cachedRead(deps, 'categories', () => readCategories(deps));
}

async function readCategories(deps: ShopDeps): Promise<Category[]> {
  const rows = await deps.db.selectFrom('categories').selectAll().where('hidden', '=', false).orderBy('position').orderBy('name').execute();
  return rows.map((row) => ({ _id: row.id, name: row.name, image: row.image, description: row.description }));
}

/** A category by its id or its name in any case; undefined when there is none. */
export async function findCategory(deps: ShopDeps, nameOrId: string): Promise<Category | undefined> {
  return cachedRead(deps, `category:${nameOrId.trim().toLowerCase()}`, () => readCategory(deps, nameOrId));
}

async function readCategory(deps: ShopDeps, nameOrId: string): Promise<Category | undefined> {
  const wanted = nameOrId.trim();
  const row = await deps.db
    .selectFrom('categories')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', wanted), eb(sql`lower(name)`, '=', wanted.toLowerCase())]))
    .where('hidden', '=', false)
    .executeTakeFirst();
  return row ? { _id: row.id, name: row.name, image: row.image, description: row.description } : undefined;
}

export async function getProduct(deps: ShopDeps, productId: string): Promise<Product> {
  const [product] = await withStock(deps, [await cachedRead(deps, `product:${productId}`, () => readProduct(deps, productId))]);
  return product;
}

async function readProduct(deps: ShopDeps, productId: string): Promise<Product> {
  const row = await selectProducts(deps.db).where('products.id', '=', productId).executeTakeFirst();
  if (!row) throw notFound('Product not found', 'product_not_found');
  return toProduct(row);
}

/**
 * Several products at once, by id; ids with no product are simply absent from the map. Read from the
 * catalog cache (a cart shows the same few products again and again); those not kept yet are read in
 * one query and kept, a missing one too, until the next catalog change.
 */
export async function getProductsByIds(deps: ShopDeps, productIds: string[]): Promise<Map<string, Product>> {
  const ids = [...new Set(productIds)];
  const products = await cachedReadMany(deps, ids.map((id) => `product-or-none:${id}`), async (missing) => {
    const wanted = missing.map((key) => key.slice('product-or-none:'.length));
    const rows = await selectProducts(deps.db).where('products.id', 'in', wanted).execute();
    const byId = new Map(rows.map((row) => [row.id, toProduct(row)]));
    return wanted.map((id) => byId.get(id) ?? null);
  });
  const found = await withStock(deps, products.filter((product): product is Product => product !== null));
  return new Map(found.map((product) => [product._id, product]));
}

export interface ProductPage {
  products: Product[];
  pagination: Pagination;
  /** A search that found nothing: close product or category names to try instead. */
  suggestions?: string[];
}

async function newestProducts(deps: ShopDeps, categoryId: string | undefined, page: number, limit: number): Promise<ProductPage> {
  let query = selectProducts(deps.db);
  let count = deps.db
    .selectFrom('products')
    .innerJoin('categories', 'categories.id', 'products.category_id')
    .select(sql<number>`count(*)::int`.as('total'))
    .where('products.hidden', '=', false)
    .where('categories.hidden', '=', false);
  if (categoryId) {
    query = query.where('products.category_id', '=', categoryId);
    count = count.where('products.category_id', '=', categoryId);
  }
  const [rows, { total }] = await Promise.all([
    query.orderBy('products.created_at', 'desc').orderBy('products.id').limit(limit).offset(offsetOf(page, limit)).execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { products: rows.map(toProduct), pagination: paginate(total, page, limit) };
}

/** What shoppers count as a sale for popularity: orders of the last 30 days that were not cancelled. */
const POPULAR_WINDOW_DAYS = 30;

/** Most ordered (quantities over the last 30 days) first, then best rated, then most rated, then newest. */
async function popularProducts(deps: ShopDeps, categoryId: string | undefined, page: number, limit: number): Promise<ProductPage> {
  const since = new Date(Date.now() - POPULAR_WINDOW_DAYS * 24 * 60 * 60 * 1000);
  const sold = deps.db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .select(['order_lines.product_id', sql<number>`sum(order_lines.quantity)::int`.as('quantity')])
    .where('orders.created_at', '>=', since)
    .where('orders.status', '<>', 'cancelled')
    .groupBy('order_lines.product_id')
    .as('sold');
  let query = selectProducts(deps.db).leftJoin(sold, 'sold.product_id', 'products.id');
  let count = deps.db.selectFrom('products').select(sql<number>`count(*)::int`.as('total'));
  if (categoryId) {
    query = query.where('products.category_id', '=', categoryId);
    count = count.where('category_id', '=', categoryId);
  }
  const [rows, { total }] = await Promise.all([
    query
      .orderBy(sql`coalesce(sold.quantity, 0)`, 'desc')
      .orderBy(sql`products.rating_total::float / nullif(products.rating_count, 0)`, sql`desc nulls last`)
      .orderBy('products.rating_count', 'desc')
      .orderBy('products.created_at', 'desc')
      .orderBy('products.id')
      .limit(limit)
      .offset(offsetOf(page, limit))
      .execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { products: rows.map(toProduct), pagination: paginate(total, page, limit) };
}

// ---- search -------------------------------------------------------------------------------

// A catalog write on any instance drops the index at once (onCatalogChange); the time limit is the last
// resort, shortened while other instances' writes cannot be heard (lifetimeMs). Past it, searches keep
// using the old index while one new one is built, so a large catalog never stalls every search.
const SEARCH_INDEX_TTL_MS = 30_000;

interface SearchIndexSlot {
  index?: SearchIndex;
  builtAt: number;
  building?: Promise<SearchIndex>;
  generation: number;
}

const searchIndexes = new WeakMap<object, SearchIndexSlot>();

function searchSlot(deps: ShopDeps): SearchIndexSlot {
  let slot = searchIndexes.get(deps.db);
  if (slot) return slot;
  const created: SearchIndexSlot = { builtAt: 0, generation: 0 };
  onCatalogChange(deps, () => {
    created.index = undefined;
    created.building = undefined;
    created.generation += 1;
  });
  searchIndexes.set(deps.db, (slot = created));
  return slot;
}

/** The catalog's words, newest first, indexed so a search looks only at products that may match. */
async function searchIndex(deps: ShopDeps): Promise<SearchIndex> {
  const slot = searchSlot(deps);
  const fresh = slot.index && Date.now() - slot.builtAt < lifetimeMs(deps, SEARCH_INDEX_TTL_MS);
  if (slot.index && fresh) return slot.index;
  const building = slot.building ?? startSearchIndexBuild(deps, slot);
  return slot.index ?? building;
}

/** One build at a time; a build that a catalog change overtook is answered but never kept. */
function startSearchIndexBuild(deps: ShopDeps, slot: SearchIndexSlot): Promise<SearchIndex> {
  const generation = slot.generation;
  const building = buildSearchIndex(deps).then(
    (index) => {
      if (slot.generation === generation) Object.assign(slot, { index, builtAt: Date.now(), building: undefined });
      return index;
    },
    (error: unknown) => {
      if (slot.generation === generation) slot.building = undefined;
      throw error;
    },
  );
  slot.building = building;
  return building;
}

/** Builds the search index ahead of the first search, so the first shopper to search never waits for it. */
export async function prepareSearch(deps: ShopDeps): Promise<void> {
  await searchIndex(deps);
}

/** Rows are read a page at a time: one query over a large catalog would hold PGlite's single connection. */
const SEARCH_INDEX_PAGE = 5_000;

async function buildSearchIndex(deps: ShopDeps): Promise<SearchIndex> {
  // Each page is taken into the index and let go: the catalog's rows are never all held at once.
  const builder = new SearchIndexBuilder();
  for (let offset = 0; ; offset += SEARCH_INDEX_PAGE) {
    const rows = await deps.db
      .selectFrom('products')
      .innerJoin('categories', 'categories.id', 'products.category_id')
      .select(['products.id', 'products.name', 'products.local_name', 'products.description', 'products.category_id', 'categories.name as category_name'])
      .where('products.hidden', '=', false)
      .where('categories.hidden', '=', false)
      .orderBy('products.created_at', 'desc')
      .orderBy('products.id')
      .limit(SEARCH_INDEX_PAGE)
      .offset(offset)
      .execute();
    await builder.addSoon(
      rows.map((row) => ({ id: row.id, name: row.name, localName: row.local_name ?? '', category: row.category_name, categoryId: row.category_id, description: row.description })),
    );
    if (rows.length < SEARCH_INDEX_PAGE) break;
  }
  return builder.finishSoon();
}

async function searchProducts(
  deps: ShopDeps,
  search: string,
  categoryId: string | undefined,
  page: number,
  limit: number,
): Promise<ProductPage> {
  // A long paste is cut, never refused.
  const text = search.slice(0, 60);
  const index = await searchIndex(deps);
  const ranked = index.page(text, { categoryId, offset: offsetOf(page, limit), limit });
  const pageIds = ranked.hits.map((hit) => hit.id);
  const rows = pageIds.length ? await selectProducts(deps.db).where('products.id', 'in', pageIds).execute() : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const products = pageIds.flatMap((id) => (byId.has(id) ? [toProduct(byId.get(id)!)] : []));
  const suggestions = ranked.found ? undefined : index.suggest(text);
  return { products, pagination: paginate(ranked.found, page, limit), ...(suggestions?.length ? { suggestions } : {}) };
}

/** GET /product/getAllProducts: newest first (or most popular), or best match first with a search. */
export async function listProducts(
  deps: ShopDeps,
  query: Omit<ProductListQuery, 'sort'> & Partial<Pick<ProductListQuery, 'sort'>>,
): Promise<ProductPage> {
  // Popularity moves with every order, not with catalog writes: it is always read fresh.
  const page = dependsOnOrders(query) ? await readProductList(deps, query) : await cachedRead(deps, productListKey(query), () => readProductList(deps, query));
  return { ...page, products: await withStock(deps, page.products) };
}

/** The popular order without a search is ranked by orders, which never signal a catalog change. */
export function dependsOnOrders(query: { sort?: string; search?: string }): boolean {
  return query.sort === 'popular' && !query.search;
}

/** One key per answer: search text as the search reads it (case and runs of spaces do not matter). */
function productListKey(query: Partial<ProductListQuery>): string {
  const search = query.search ? query.search.toLowerCase().replace(/\s+/g, ' ') : '';
  // Every field of the query is in the key (sort, and whatever is added later), so two different
  // questions never share an answer.
  const fields = Object.entries({ ...query, search, category: query.category?.trim().toLowerCase() ?? '' }).sort(([a], [b]) => a.localeCompare(b));
  return `products:${JSON.stringify(fields)}`;
}

async function readProductList(
  deps: ShopDeps,
  query: Omit<ProductListQuery, 'sort'> & Partial<Pick<ProductListQuery, 'sort'>>,
): Promise<ProductPage> {
  let categoryId: string | undefined;
  if (query.category) {
    const category = await findCategory(deps, query.category);
    // An unknown category has no products rather than being an error (docs/api.md).
    if (!category) return { products: [], pagination: paginate(0, query.page, query.limit) };
    categoryId = category._id;
  }
  if (query.search) return searchProducts(deps, query.search, categoryId, query.page, query.limit);
  return query.sort === 'popular'
    ? popularProducts(deps, categoryId, query.page, query.limit)
    : newestProducts(deps, categoryId, query.page, query.limit);
}

export async function listCategoryProducts(
  deps: ShopDeps,
  nameOrId: string,
  query: CategoryProductsQuery,
): Promise<ProductPage & { category: Category }> {
  const category = await findCategory(deps, nameOrId);
  if (!category) throw notFound('Category not found');
  const page = await cachedRead(deps, `category-products:${JSON.stringify([category._id, query.page, query.limit])}`, () =>
    newestProducts(deps, category._id, query.page, query.limit),
  );
  return { category, ...page, products: await withStock(deps, page.products) };
}

/**
 * One rating per shopper per product; rating again replaces the earlier one. The totals move by the
 * difference rather than being recounted, so the ratings a product opened with (the seed's) stay in.
 */
export async function rateProduct(deps: ShopDeps, userId: string, productId: string, rating: number): Promise<Product> {
  await changeCatalog(deps, async (trx) => {
    const product = await trx.selectFrom('products').select('id').where('id', '=', productId).forUpdate().executeTakeFirst();
    if (!product) throw notFound('Product not found', 'product_not_found');
    const earlier = await trx
      .selectFrom('ratings')
      .select('rating')
      .where('user_id', '=', userId)
      .where('product_id', '=', productId)
      .executeTakeFirst();
    await trx
      .insertInto('ratings')
      .values({ user_id: userId, product_id: productId, rating, updated_at: new Date() })
      .onConflict((oc) => oc.columns(['user_id', 'product_id']).doUpdateSet({ rating, updated_at: new Date() }))
      .execute();
    await trx
      .updateTable('products')
      .set({
        rating_total: sql`rating_total + ${rating - (earlier?.rating ?? 0)}`,
        rating_count: sql`rating_count + ${earlier ? 0 : 1}`,
      })
      .where('id', '=', productId)
      .execute();
  });
  return getProduct(deps, productId);
}

/**
 * One shopper's ratings become another's, inside the transaction that merges their accounts. Where
 * both rated a product the receiving shopper's rating stays and the other leaves the product's
 * totals, which move by the difference as in rateProduct (the ratings a product opened with stay in);
 * the change is announced, so no face keeps the old average.
 */
export async function moveRatings(changes: Changes, fromId: string, intoId: string): Promise<void> {
  const { trx } = changes;
  const rated = trx.selectFrom('ratings').select('product_id').where('user_id', '=', fromId);
  // The same row locks rateProduct takes, in one order: a rating given meanwhile waits for the merge.
  await trx.selectFrom('products').select('id').where('id', 'in', rated).orderBy('id').forUpdate().execute();
  const keptElsewhere = trx.selectFrom('ratings').select('product_id').where('user_id', '=', intoId);
  const dropped = await trx.deleteFrom('ratings').where('user_id', '=', fromId).where('product_id', 'in', keptElsewhere).returning(['product_id', 'rating']).execute();
  for (const { product_id: productId, rating } of dropped) {
    await trx
      .updateTable('products')
      .set({ rating_total: sql`rating_total - ${rating}`, rating_count: sql`rating_count - 1` })
      .where('id', '=', productId)
      .execute();
  }
  await trx.updateTable('ratings').set({ user_id: intoId }).where('user_id', '=', fromId).execute();
  if (dropped.length) await announceCatalogChange(changes);
}
