// Staff edits to the catalog: products and categories, shown or hidden, in stock or not. Every
// write goes through changeCatalog, so the storefront and the conversation search of every instance
// see it at once.
import { sql, type Kysely, type Selectable } from 'kysely';
import { isUniqueViolation } from '../../db/errors';
import type { CategoriesTable, Database } from '../../db/schema';
import type { ShopDeps } from '../../lib/deps';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { quantityRule } from '../../lib/quantities';
import { isMeasuredUnit } from '../../lib/units';
import { newId } from '../../lib/ids';
import { toMinor } from '../../lib/money';
import { offsetOf, paginate } from '../../lib/pagination';
import { changeCatalog } from './catalog-changes';
import { toProduct } from './catalog.service';
import type {
  CategoryInput,
  CategoryPatch,
  ProductInput,
  ProductPatch,
  StaffCategory,
  StaffProduct,
  StaffProductsQuery,
} from './staff-catalog.schema';

const CATEGORY_TAKEN = 'A category with that name already exists';
const UNKNOWN_CATEGORY = 'Choose a category';

const allProducts = (deps: ShopDeps) =>
  deps.db
    .selectFrom('products')
    .innerJoin('categories', 'categories.id', 'products.category_id')
    .selectAll('products')
    .select('categories.name as category_name');

type ProductRow = Awaited<ReturnType<ReturnType<typeof allProducts>['executeTakeFirstOrThrow']>>;

function toStaffProduct(row: ProductRow): StaffProduct {
  return { ...toProduct(row), description: row.description, hidden: row.hidden, imagePath: row.image };
}

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

export async function listStaffProducts(deps: ShopDeps, query: StaffProductsQuery) {
  let rows = allProducts(deps);
  let count = deps.db.selectFrom('products').select(sql<number>`count(*)::int`.as('total'));
  if (query.category) {
    rows = rows.where('products.category_id', '=', query.category);
    count = count.where('category_id', '=', query.category);
  }
  if (query.search) {
    const like = `%${likeEscaped(query.search.toLowerCase())}%`;
    rows = rows.where((eb) => eb.or([eb(sql`lower(products.name)`, 'like', like), eb(sql`lower(coalesce(products.local_name, ''))`, 'like', like)]));
    count = count.where((eb) => eb.or([eb(sql`lower(name)`, 'like', like), eb(sql`lower(coalesce(local_name, ''))`, 'like', like)]));
  }
  const [productRows, { total }] = await Promise.all([
    rows.orderBy('products.created_at', 'desc').orderBy('products.id', 'desc').limit(query.limit).offset(offsetOf(query.page, query.limit)).execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { products: productRows.map(toStaffProduct), pagination: paginate(total, query.page, query.limit) };
}

/** One product as staff see it, hidden or not: what the console's edit screen opens with. */
export async function getStaffProduct(deps: ShopDeps, productId: string): Promise<StaffProduct> {
  const row = await allProducts(deps).where('products.id', '=', productId).executeTakeFirst();
  if (!row) throw notFound('Product not found', 'product_not_found');
  return toStaffProduct(row);
}

async function assertCategory(db: Kysely<Database>, categoryId: string) {
  const found = await db.selectFrom('categories').select('id').where('id', '=', categoryId).executeTakeFirst();
  if (!found) throw badRequest(UNKNOWN_CATEGORY, [{ msg: UNKNOWN_CATEGORY, param: 'categoryId' }]);
}

/**
 * The step and minimum to keep: a measured unit's as staff gave them (by default 0.5 from 0.5 for a
 * weight); a whole unit is always 1 from 1. A minimum below the step is raised to it.
 */
function quantityColumns(unit: string, step: number | undefined, min: number | undefined): { quantity_step: number; min_quantity: number } {
  if (!isMeasuredUnit(unit)) return { quantity_step: 1, min_quantity: 1 };
  const rule = quantityRule(unit, step ?? 0.5, min ?? step ?? 0.5);
  return { quantity_step: rule.step, min_quantity: Math.max(rule.min, rule.step) };
}

export async function createProduct(deps: ShopDeps, input: ProductInput): Promise<StaffProduct> {
  const id = newId();
  await changeCatalog(deps, async (trx) => {
    await assertCategory(trx, input.categoryId);
    await trx
      .insertInto('products')
      .values({
        id,
        name: input.productname,
        local_name: input.localName,
        price_minor: toMinor(input.price),
        offer_price_minor: input.offerPrice === null ? null : toMinor(input.offerPrice),
        image: input.image,
        unit: input.productUnit,
        description: input.description,
        category_id: input.categoryId,
        in_stock: input.inStock,
        hidden: input.hidden,
        ...quantityColumns(input.productUnit, input.quantityStep, input.minQuantity),
      })
      .execute();
  });
  return getStaffProduct(deps, id);
}

export async function updateProduct(deps: ShopDeps, productId: string, patch: ProductPatch): Promise<StaffProduct> {
  await changeCatalog(deps, async (trx) => {
    // Read under a row lock: two staff saving different fields of one product at once both land.
    const current = await trx.selectFrom('products').selectAll().where('id', '=', productId).forUpdate().executeTakeFirst();
    if (!current) throw notFound('Product not found', 'product_not_found');
    if (patch.categoryId) await assertCategory(trx, patch.categoryId);
    const priceMinor = patch.price !== undefined ? toMinor(patch.price) : current.price_minor;
    const offerMinor = patch.offerPrice === undefined ? current.offer_price_minor : patch.offerPrice === null ? null : toMinor(patch.offerPrice);
    if (offerMinor !== null && offerMinor >= priceMinor) {
      throw badRequest('Offer price must be less than the price', [{ msg: 'Offer price must be less than the price', param: 'offerPrice' }]);
    }
    await trx
      .updateTable('products')
      .set({
        name: patch.productname ?? current.name,
        local_name: patch.localName === undefined ? current.local_name : patch.localName || null,
        price_minor: priceMinor,
        offer_price_minor: offerMinor,
        image: patch.image ?? current.image,
        unit: patch.productUnit ?? current.unit,
        description: patch.description ?? current.description,
        category_id: patch.categoryId ?? current.category_id,
        in_stock: patch.inStock ?? current.in_stock,
        hidden: patch.hidden ?? current.hidden,
        ...quantityColumns(patch.productUnit ?? current.unit, patch.quantityStep ?? current.quantity_step, patch.minQuantity ?? current.min_quantity),
      })
      .where('id', '=', productId)
      .execute();
  });
  return getStaffProduct(deps, productId);
}

function toStaffCategory(row: Selectable<CategoriesTable> & { product_count: number }): StaffCategory {
  return { _id: row.id, name: row.name, image: row.image, description: row.description, hidden: row.hidden, imagePath: row.image, productCount: Number(row.product_count) };
}

const categoriesWithCounts = (deps: ShopDeps) =>
  deps.db
    .selectFrom('categories')
    .selectAll('categories')
    .select(sql<number>`(select count(*) from products where products.category_id = categories.id)::int`.as('product_count'));

export async function listStaffCategories(deps: ShopDeps): Promise<StaffCategory[]> {
  const rows = await categoriesWithCounts(deps).orderBy('position').orderBy('name').execute();
  return rows.map(toStaffCategory);
}

async function staffCategory(deps: ShopDeps, categoryId: string): Promise<StaffCategory> {
  const row = await categoriesWithCounts(deps).where('id', '=', categoryId).executeTakeFirst();
  if (!row) throw notFound('Category not found');
  return toStaffCategory(row);
}

function nameTaken(error: unknown): never {
  if (isUniqueViolation(error)) throw conflict(CATEGORY_TAKEN, [{ msg: CATEGORY_TAKEN, param: 'name' }]);
  throw error;
}

export async function createCategory(deps: ShopDeps, input: CategoryInput): Promise<StaffCategory> {
  const id = newId();
  await changeCatalog(deps, async (trx) => {
    const { last } = await trx.selectFrom('categories').select(sql<number>`coalesce(max(position), 0)::int`.as('last')).executeTakeFirstOrThrow();
    await trx.insertInto('categories').values({ id, name: input.name, description: input.description, image: input.image, hidden: input.hidden, position: last + 1 }).execute();
  }).catch(nameTaken);
  return staffCategory(deps, id);
}

export async function updateCategory(deps: ShopDeps, categoryId: string, patch: CategoryPatch): Promise<StaffCategory> {
  const changes = Object.fromEntries(Object.entries({ name: patch.name, description: patch.description, image: patch.image, hidden: patch.hidden }).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length) {
    const updated = await changeCatalog(deps, (trx) => trx.updateTable('categories').set(changes).where('id', '=', categoryId).returning('id').executeTakeFirst()).catch(nameTaken);
    if (!updated) throw notFound('Category not found');
  }
  return staffCategory(deps, categoryId);
}
