// One product, adding it to the cart with a quantity, and what to do next.
import { formatFrw, toMinor } from '../../lib/money';
import { addLineToCart } from '../../modules/cart/cart.service';
import { MAX_LINE_QUANTITY, updateCartLineSchema } from '../../modules/cart/cart.schema';
import { getProduct } from '../../modules/catalog/catalog.service';
import type { Product } from '../../modules/catalog/catalog.schema';
import type { Translate } from '../i18n';
import type { Screen, ScreenContext } from '../types';
import { countText, isMeasuredUnit, unitWord } from '../../lib/units';
import { parseTypedQuantity, quantityProblem } from '../../lib/quantities';
import { accountId, invalidChoice, leftText, priceText, productCard, productName, push, quantityText, refuse, replace, wholeNumber } from './helpers';
import { menuActions, menuChoice } from './menu';
import { follow, loginFirst } from './navigate';

function priceLine(product: Product, t: Translate): string {
  if (product.offerPrice == null) return priceText(product);
  return t('product.offer', { offer: priceText(product), price: formatFrw(toMinor(product.price)) });
}

const displayName = (ctx: ScreenContext, product: Product) => productName(product, ctx.session.language);

type SoldBy = Pick<Product, 'productUnit' | 'quantityStep' | 'minQuantity'>;

/** Whether the product is sold in parts of its unit (1.5 kg), so the keypad takes a decimal. */
const inParts = (product: SoldBy) => isMeasuredUnit(product.productUnit) && !(product.quantityStep === 1 && product.minQuantity === 1);

/** "Quantity in pieces (1-50):", "Quantity in kg, from 0.5, steps of 0.5 (like 1.5):", in the shopper's language. */
export function quantityPrompt(ctx: ScreenContext, product: SoldBy, max: number): string {
  const unit = unitWord(product.productUnit, max, ctx.session.language ?? 'en');
  if (!inParts(product)) return ctx.t('quantity.prompt', { unit, max });
  return ctx.t('quantity.promptMeasured', { unit, min: countText(product.minQuantity), step: countText(product.quantityStep) });
}

/** Why a typed quantity was refused, in the words of the prompt. */
export function quantityRefusal(ctx: ScreenContext, product: SoldBy): string {
  if (!inParts(product)) return ctx.t('quantity.invalid', { max: MAX_LINE_QUANTITY });
  const unit = unitWord(product.productUnit, 2, ctx.session.language ?? 'en');
  return ctx.t('quantity.invalidMeasured', { unit, min: countText(product.minQuantity), step: countText(product.quantityStep) });
}

/**
 * A quantity as the cart's own rule reads it (a whole number from 1 to the line maximum; for a
 * product sold by weight "1.5" or "1,5" in its steps), or undefined. The keypad check comes first
 * so "1e2" is refused, not coerced, and "2.5" trays never reach the cart.
 */
export function readQuantity(text: string, product: SoldBy & Pick<Product, 'productname'>): number | undefined {
  const typed = inParts(product) ? parseTypedQuantity(text) : wholeNumber(text);
  if (typed === undefined) return undefined;
  const parsed = updateCartLineSchema.safeParse({ quantity: typed });
  if (!parsed.success || parsed.data.quantity === undefined) return undefined;
  const rule = { step: product.quantityStep, min: product.minQuantity };
  return quantityProblem(product.productname, product.productUnit, rule, parsed.data.quantity) ? undefined : parsed.data.quantity;
}

export const product: Screen<'product'> = {
  async render(ctx, state) {
    const found = await getProduct(ctx.deps, state.data.id);
    const card = productCard(found, { t: ctx.t, language: ctx.session.language });
    // Out of stock: said plainly, and nothing to add (the cart would refuse it anyway).
    if (!found.inStock) return { product: card, title: displayName(ctx, found), lines: [priceLine(found, ctx.t), ctx.t('product.outOfStock')] };
    // Running low: what is left, so nobody types more than there is.
    const left = leftText(found, ctx.t, ctx.session.language);
    return {
      product: card,
      title: displayName(ctx, found),
      lines: [priceLine(found, ctx.t), ...(left ? [left] : [])],
      actions: menuActions('product', ctx.t),
    };
  },

  async handle(ctx, state, { text }) {
    const chosen = menuChoice('product', text);
    if (!chosen) return invalidChoice(ctx);
    if (!(await getProduct(ctx.deps, state.data.id)).inStock) return refuse(ctx.t('product.outOfStock'));
    return loginFirst(ctx, chosen) ?? push('quantity', { id: state.data.id });
  },
};

export const quantity: Screen<'quantity'> = {
  async render(ctx, state) {
    const found = await getProduct(ctx.deps, state.data.id);
    const left = leftText(found, ctx.t, ctx.session.language);
    return {
      title: displayName(ctx, found),
      lines: [priceLine(found, ctx.t), ...(left ? [left] : [])],
      prompt: quantityPrompt(ctx, found, MAX_LINE_QUANTITY),
    };
  },

  async handle(ctx, state, { text }) {
    const sold = await getProduct(ctx.deps, state.data.id);
    const amount = readQuantity(text, sold);
    if (amount === undefined) return refuse(quantityRefusal(ctx, sold));
    const productId = state.data.id;
    await addLineToCart(ctx.deps, accountId(ctx), { productId, quantity: amount });
    const found = await getProduct(ctx.deps, productId);
    // The quantity prompt is done with: Back from "Added" returns to the product.
    return { ...replace('added', { id: productId, name: displayName(ctx, found), amount: quantityText(amount, found.productUnit, ctx.session.language) }), cartChanged: true };
  },
};

export const added: Screen<'added'> = {
  async render(ctx, state) {
    return {
      title: ctx.t('added.notice', { quantity: state.data.amount, name: state.data.name }),
      actions: menuActions('added', ctx.t),
    };
  },

  async handle(ctx, _state, { text }) {
    const chosen = menuChoice('added', text);
    return chosen ? follow(ctx, chosen) : invalidChoice(ctx);
  },
};
