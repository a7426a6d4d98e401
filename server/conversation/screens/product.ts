// One product, adding it to the cart with a quantity, and what to do next.
import { formatFrw, toMinor } from '../../lib/money';
import { addLineToCart } from '../../modules/cart/cart.service';
import { MAX_LINE_QUANTITY, updateCartLineSchema } from '../../modules/cart/cart.schema';
import { getProduct } from '../../modules/catalog/catalog.service';
import type { Product } from '../../modules/catalog/catalog.schema';
import type { Translate } from '../i18n';
import type { Screen, ScreenContext } from '../types';
import { unitWord } from '../../lib/units';
import { accountId, invalidChoice, leftText, priceText, productCard, productName, push, quantityText, refuse, replace, wholeNumber } from './helpers';
import { menuActions, menuChoice } from './menu';
import { follow, loginFirst } from './navigate';

function priceLine(product: Product, t: Translate): string {
  if (product.offerPrice == null) return priceText(product);
  return t('product.offer', { offer: priceText(product), price: formatFrw(toMinor(product.price)) });
}

const displayName = (ctx: ScreenContext, product: Product) => productName(product, ctx.session.language);

/** "Quantity in pieces (1-50):": the unit as many of it, in the shopper's language. */
export const quantityPrompt = (ctx: ScreenContext, unit: string, max: number) =>
  ctx.t('quantity.prompt', { unit: unitWord(unit, max, ctx.session.language ?? 'en'), max });

/**
 * A quantity as the cart's own rule reads it (a whole number from 1 to the line maximum), or
 * undefined. The keypad check comes first so "1e2" or "2.5" are refused, not coerced.
 */
export function readQuantity(text: string): number | undefined {
  const typed = wholeNumber(text);
  if (typed === undefined) return undefined;
  const parsed = updateCartLineSchema.safeParse({ quantity: typed });
  return parsed.success ? parsed.data.quantity : undefined;
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
      prompt: quantityPrompt(ctx, found.productUnit, MAX_LINE_QUANTITY),
    };
  },

  async handle(ctx, state, { text }) {
    const amount = readQuantity(text);
    if (amount === undefined) return refuse(ctx.t('quantity.invalid', { max: MAX_LINE_QUANTITY }));
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
