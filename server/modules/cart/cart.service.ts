// The shopper's cart: one line per product, the product populated on every read. A line stock cannot
// sell as it is (none left, or fewer than it wants) stays in the cart, marked and left out of the
// totals, so no face counts what checkout would refuse.
import type { ShopDeps } from '../../lib/deps';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { effectivePrice, toFrw, toMinor } from '../../lib/money';
import { countText, onlyLeftOf, onlyLeftText, unitWord } from '../../lib/units';
import type { Product } from '../catalog/catalog.schema';
import { getProduct, getProductsByIds } from '../catalog/catalog.service';
import { NOT_ENOUGH_STOCK, shownCounts } from '../stock/stock.service';
import { getPackingSettings } from '../packing/packing-settings.service';
import { isEstimated, lineMinor, quantityProblem } from '../../lib/quantities';
import { MAX_LINE_QUANTITY, type AddToCartInput, type Cart, type Substitution, type UpdateCartLineInput } from './cart.schema';

type CartLine = Cart['products'][number];

export async function getCart(deps: ShopDeps, userId: string): Promise<Cart> {
  const [lines, settings] = await Promise.all([deps.db
    .selectFrom('cart_lines')
    .select(['product_id', 'quantity', 'substitution', 'substitute_product_id'])
    .where('user_id', '=', userId)
    .orderBy('added_at')
    .orderBy('product_id')
    .execute(), getPackingSettings(deps)]);
  const ids = lines.map((line) => line.product_id);
  const [products, counts] = await Promise.all([getProductsByIds(deps, ids), shownCounts(deps, ids)]);
  // A line whose product is gone is dropped (docs/product.md section 3: a line with no product is skipped).
  return pricedCart(
    lines.flatMap((line) => {
      const product = products.get(line.product_id);
      const substitution = substitutionOf(line.substitution, line.substitute_product_id, settings.defaultSubstitution);
      return product ? [{ product, quantity: line.quantity, left: counts.get(line.product_id), substitution }] : [];
    }),
  );
}

/** Whether a line can be sold as it is, and why not: `left` is what stock has left (undefined: the product keeps no count). */
function sellability(product: Product, quantity: number, left: number | undefined): Pick<CartLine, 'sellable' | 'reason' | 'message' | 'available'> {
  if (!product.inStock) return { sellable: false, reason: 'out_of_stock', message: 'Out of stock' };
  if (left !== undefined && quantity > left) return { sellable: false, reason: 'not_enough', message: onlyLeftText(left, product.productUnit), available: left };
  return { sellable: true };
}

/** Prices each line as checkout charges it (placeOrder: the effective price, summed in minor units); a line it cannot sell adds nothing. */
function pricedCart(lines: { product: Product; quantity: number; left?: number; substitution: Substitution }[]): Cart {
  let totalItems = 0;
  let totalMinor = 0;
  let estimated = false;
  const products = lines.map(({ product, quantity, left, substitution }) => {
    const priceMinor = toMinor(effectivePrice(product.price, product.offerPrice));
    const sold = sellability(product, quantity, left);
    const about = isEstimated(product.productUnit);
    totalItems += quantity;
    if (sold.sellable) {
      totalMinor += lineMinor(priceMinor, quantity);
      estimated ||= about;
    }
    return { productId: product, quantity, price: toFrw(priceMinor), subtotal: toFrw(lineMinor(priceMinor, quantity)), estimated: about, substitution, ...sold };
  });
  return { products, totalItems: Math.round(totalItems * 1000) / 1000, totalPrice: toFrw(totalMinor), ...(estimated ? { estimated: true as const } : {}) };
}

/** A line's stored choice as the API speaks it; none stored: the shop's default. */
export function substitutionOf(kind: string | null, productId: string | null, fallback: 'similar' | 'none'): Substitution {
  if (kind === 'product' && productId) return { productId };
  if (kind === 'similar' || kind === 'none') return kind;
  return fallback;
}

/** The columns a choice is kept in. */
function substitutionColumns(substitution: Substitution): { substitution: string; substitute_product_id: string | null } {
  return typeof substitution === 'string' ? { substitution, substitute_product_id: null } : { substitution: 'product', substitute_product_id: substitution.productId };
}

/** A named substitute must be another product the shop sells. */
async function checkSubstitute(deps: ShopDeps, productId: string, substitution: Substitution | undefined): Promise<void> {
  if (!substitution || typeof substitution === 'string') return;
  const message = 'Choose another product the shop sells as the substitute';
  if (substitution.productId === productId) throw badRequest(message, [{ msg: message, param: 'substitution' }]);
  try {
    await getProduct(deps, substitution.productId);
  } catch {
    throw badRequest(message, [{ msg: message, param: 'substitution' }]);
  }
}

/** A quantity the product is not sold in (1.5 trays, 0.3 kg by 0.5 kg) is refused, naming the rule. */
function checkQuantity(product: Product, quantity: number): void {
  const problem = quantityProblem(product.productname, product.productUnit, { step: product.quantityStep, min: product.minQuantity }, quantity);
  if (problem) throw badRequest(problem, [{ msg: problem, param: 'quantity' }], 'quantity_rule');
}

export const outOfStockMessage = (name: string) => `Sorry, ${name} is out of stock`;

/**
 * More than stock has left: "Only 3 trays of Eggs left", and what the cart already holds of it. The
 * line stays as it was.
 */
function moreThanLeft(product: Product, left: number, inCart: number): AppError {
  const held = inCart > 0 ? `, and your cart already has ${countText(inCart)} ${unitWord(product.productUnit, inCart)}` : '';
  const message = `${onlyLeftOf(product.productname, left, product.productUnit)}${held}`;
  return new AppError(400, message, NOT_ENOUGH_STOCK, [{ msg: message, param: 'quantity' }], { available: left, inCart, productName: product.productname, unit: product.productUnit });
}

async function quantityInCart(deps: ShopDeps, userId: string, productId: string): Promise<number> {
  const line = await deps.db.selectFrom('cart_lines').select('quantity').where('user_id', '=', userId).where('product_id', '=', productId).executeTakeFirst();
  return line?.quantity ?? 0;
}

/** Adds to an existing line, or starts one; a line never grows past the quantity limit. Out of stock: refused, on every face. */
export async function addToCart(deps: ShopDeps, userId: string, input: AddToCartInput): Promise<Cart> {
  await addLineToCart(deps, userId, input);
  return getCart(deps, userId);
}

/**
 * addToCart without reading the cart back: for a face that shows only what was added (a conversation).
 * A product that keeps a stock count never goes into the cart past what is left (as the faces show it).
 */
export async function addLineToCart(deps: ShopDeps, userId: string, input: AddToCartInput): Promise<void> {
  const product = await getProduct(deps, input.productId);
  if (!product.inStock) {
    const message = outOfStockMessage(product.productname);
    throw badRequest(message, [{ msg: message, param: 'productId' }], 'out_of_stock');
  }
  checkQuantity(product, input.quantity);
  await checkSubstitute(deps, product._id, input.substitution);
  const left = (await shownCounts(deps, [product._id])).get(product._id);
  if (left !== undefined) {
    const inCart = await quantityInCart(deps, userId, product._id);
    if (inCart + input.quantity > left) throw moreThanLeft(product, left, inCart);
  }
  await deps.db
    .insertInto('cart_lines')
    .values({ user_id: userId, product_id: input.productId, quantity: input.quantity, ...(input.substitution ? substitutionColumns(input.substitution) : {}) })
    .onConflict((oc) =>
      oc.columns(['user_id', 'product_id']).doUpdateSet((eb) => ({
        quantity: eb.fn('least', [eb('cart_lines.quantity', '+', eb.ref('excluded.quantity')), eb.val(MAX_LINE_QUANTITY)]),
        ...(input.substitution ? substitutionColumns(input.substitution) : {}),
      })),
    )
    .execute();
}

/** One shopper's cart joins another's (an account merge): a product in both adds up, within the line limit. */
export async function mergeCarts(deps: Pick<ShopDeps, 'db'>, fromId: string, intoId: string): Promise<void> {
  await deps.db
    .insertInto('cart_lines')
    .columns(['user_id', 'product_id', 'quantity', 'added_at'])
    .expression((eb) => eb.selectFrom('cart_lines').select([eb.val(intoId).as('user_id'), 'product_id', 'quantity', 'added_at']).where('user_id', '=', fromId))
    .onConflict((oc) =>
      oc.columns(['user_id', 'product_id']).doUpdateSet((eb) => ({
        quantity: eb.fn('least', [eb('cart_lines.quantity', '+', eb.ref('excluded.quantity')), eb.val(MAX_LINE_QUANTITY)]),
      })),
    )
    .execute();
  await deps.db.deleteFrom('cart_lines').where('user_id', '=', fromId).execute();
}

/**
 * Several lines at once (ordering again), each added to what the cart holds as addToCart adds one,
 * never past the quantity limit. The caller has checked they are for sale.
 */
export async function addLinesToCart(deps: ShopDeps, userId: string, lines: readonly { productId: string; quantity: number }[]): Promise<Cart> {
  if (lines.length) {
    await deps.db
      .insertInto('cart_lines')
      .values(lines.map((line) => ({ user_id: userId, product_id: line.productId, quantity: Math.min(line.quantity, MAX_LINE_QUANTITY) })))
      .onConflict((oc) =>
        oc.columns(['user_id', 'product_id']).doUpdateSet((eb) => ({
          quantity: eb.fn('least', [eb('cart_lines.quantity', '+', eb.ref('excluded.quantity')), eb.val(MAX_LINE_QUANTITY)]),
        })),
      )
      .execute();
  }
  return getCart(deps, userId);
}

/**
 * Sets a line's quantity and/or its choice if the item is missing; raising the quantity past what
 * stock has left is refused (lowering never is), and so is a quantity the product is not sold in.
 */
export async function updateCartLine(deps: ShopDeps, userId: string, productId: string, change: UpdateCartLineInput): Promise<Cart> {
  const { quantity, substitution } = change;
  if (quantity !== undefined) {
    const product = await getProduct(deps, productId).catch(() => undefined);
    if (product) checkQuantity(product, quantity);
    const left = (await shownCounts(deps, [productId])).get(productId);
    if (left !== undefined && quantity > left) {
      const inCart = await quantityInCart(deps, userId, productId);
      if (inCart > 0 && quantity > inCart) throw moreThanLeft(await getProduct(deps, productId), left, 0);
    }
  }
  await checkSubstitute(deps, productId, substitution);
  const result = await deps.db
    .updateTable('cart_lines')
    .set({ ...(quantity !== undefined ? { quantity } : {}), ...(substitution ? substitutionColumns(substitution) : {}) })
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  if (!result.numUpdatedRows) throw notFound('Product not found in cart');
  return getCart(deps, userId);
}

/** One choice for every line of the cart (the conversation's one screen at checkout: similar item or leave it out). */
export async function setCartSubstitution(deps: ShopDeps, userId: string, substitution: 'similar' | 'none'): Promise<Cart> {
  await deps.db.updateTable('cart_lines').set(substitutionColumns(substitution)).where('user_id', '=', userId).execute();
  return getCart(deps, userId);
}

export async function removeFromCart(deps: ShopDeps, userId: string, productId: string): Promise<Cart> {
  const result = await deps.db
    .deleteFrom('cart_lines')
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  if (!result.numDeletedRows) throw notFound('Product not found in cart');
  return getCart(deps, userId);
}

/** Empties the cart (Clear cart, or an order placed from it, inside the order's transaction). */
export async function clearCart(deps: Pick<ShopDeps, 'db'>, userId: string): Promise<Cart> {
  await deps.db.deleteFrom('cart_lines').where('user_id', '=', userId).execute();
  return pricedCart([]);
}

/** How many products (lines) the cart holds, whatever their quantities: 2 kg of tomatoes is one. */
export async function countCartLines(deps: ShopDeps, userId: string): Promise<number> {
  const row = await deps.db
    .selectFrom('cart_lines')
    .innerJoin('products', 'products.id', 'cart_lines.product_id')
    .select((eb) => eb.fn.countAll<number>().as('lines'))
    .where('cart_lines.user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.lines);
}

/** How many items (the sum of quantities) the cart holds: 2 kg of tomatoes and 1 bunch of carrots are 3. */
export async function countCartItems(deps: ShopDeps, userId: string): Promise<number> {
  const row = await deps.db
    .selectFrom('cart_lines')
    .innerJoin('products', 'products.id', 'cart_lines.product_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('cart_lines.quantity'), eb.val(0)).as('items'))
    .where('cart_lines.user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.items);
}
