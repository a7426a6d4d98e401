// Small pieces every screen uses: making states and outcomes, money and quantity wording, and
// turning a service's refusal into a line the shopper can read.
import { isAppError, type AppError } from '../../lib/errors';
import { languageOr } from '../../lib/languages';
import { effectivePrice, formatFrw, hasOffer, toMinor } from '../../lib/money';
import { quantityWithUnit } from '../../lib/units';
import { localNameIn } from '../../lib/local-name';
import type { Product } from '../../modules/catalog/catalog.schema';
import { NOT_ENOUGH_STOCK, shortagesOf, type Shortage } from '../../modules/stock/stock.service';
import type { Language, MessageKey, Translate } from '../i18n';
import type { Outcome, ProductCard, ReturnableScreen, ScreenContext, ScreenDataMap, ScreenName, ScreenState, StateOf, ViewRow } from '../types';


/**
 * The rows a page of this screen offers: the channel's page size, below the first key the screen
 * keeps for its own actions (the cart's 8 Checkout) so a row's number never means an action.
 */
export function pageSizeOf(ctx: Pick<ScreenContext, 'pageSize'>, firstReservedKey?: number): number {
  return firstReservedKey === undefined ? ctx.pageSize : Math.min(ctx.pageSize, firstReservedKey - 1);
}

/** The data a screen is opened with: optional for a screen that needs none. */
type DataArgs<N extends ScreenName> = Record<string, never> extends ScreenDataMap[N] ? [data?: ScreenDataMap[N]] : [data: ScreenDataMap[N]];

export function newState<N extends ScreenName>(name: N, ...[data]: DataArgs<N>): ScreenState {
  // A screen that needs no data gets an empty object: DataArgs made `data` optional only for those.
  return { name, data: data ?? {}, offset: 0, choices: [], shown: 0, more: false } as StateOf<N> as ScreenState;
}

export const push = <N extends ScreenName>(name: N, ...data: DataArgs<N>): Outcome => ({ type: 'go', to: newState(name, ...data), how: 'push' });

export const replace = <N extends ScreenName>(name: N, ...data: DataArgs<N>): Outcome => ({ type: 'go', to: newState(name, ...data), how: 'replace' });

export const goHome = (notice?: string): Outcome => ({ type: 'go', to: newState('home'), how: 'reset', notice });

export const returnTo = (name: ReturnableScreen, notice?: string): Outcome => ({ type: 'return', to: name, notice });

export const invalidChoice = (ctx: ScreenContext): Outcome => ({ type: 'stay', error: ctx.t('error.invalidChoice') });

export const refuse = (error: string): Outcome => ({ type: 'stay', error });

/** A guest asking for something that needs an account is told so, with a way to log in. */
export function needsAccount(ctx: ScreenContext, message: MessageKey): Outcome | undefined {
  return ctx.session.userId ? undefined : push('login-required', { message });
}

export function accountId(ctx: ScreenContext): string {
  if (!ctx.session.userId) throw new Error('This screen needs a signed-in shopper');
  return ctx.session.userId;
}

/** The service error codes the conversation words itself, in every language. */
const KNOWN_ERRORS: Record<string, MessageKey> = {
  product_not_found: 'product.gone',
  empty_cart: 'checkout.emptyCart',
  out_of_stock: 'product.outOfStock',
};

/** "Tomatoes: 2 kg left, Eggs: out of stock": the short lines of a refused order, in the shopper's language. */
export function shortLinesText(short: readonly Pick<Shortage, 'productName' | 'unit' | 'available'>[], t: Translate, language: Language = 'en'): string {
  return short
    .map((line) => (line.available > 0 ? t('stock.shortLine', { name: line.productName, quantity: quantityText(line.available, line.unit, language) }) : t('stock.outLine', { name: line.productName })))
    .join(', ');
}

/** A refusal for want of stock in the shopper's language: an order's short lines, or what is left of one product (and what the cart holds). */
function stockRefusal(error: AppError, t: Translate, language: Language): string {
  const short = shortagesOf(error);
  if (short.length) return t('stock.short', { names: shortLinesText(short, t, language) });
  const { available, inCart, productName: name, unit } = error.details as { available: number; inCart?: number; productName: string; unit: string };
  const left = t('stock.leftOf', { quantity: quantityText(available, unit, language), name });
  return inCart ? `${left} ${t('stock.inCart', { quantity: quantityText(inCart, unit, language) })}` : left;
}

/**
 * A service's refusal as one line. The services speak English; in another language a refusal
 * the catalogue does not know becomes a general "that did not work".
 */
export function refusalText(error: unknown, t: Translate, language: string): string | undefined {
  if (!isAppError(error)) return undefined;
  if (error.code === NOT_ENOUGH_STOCK) return stockRefusal(error, t, languageOr(language));
  const known = KNOWN_ERRORS[error.code];
  if (known) return t(known);
  return language === 'en' ? error.message : t('error.failed');
}

export function unitPriceMinor(product: Pick<Product, 'price' | 'offerPrice'>): number {
  return toMinor(effectivePrice(product.price, product.offerPrice));
}

/** "frw 800.00/kg", the way a list shows a product's price. */
export function priceText(product: Pick<Product, 'price' | 'offerPrice' | 'productUnit'>): string {
  return `${formatFrw(unitPriceMinor(product))}/${product.productUnit}`;
}

/** "2 kg", "1 bunch", "3 pieces" in the shopper's language ("ibiro 2" in Kinyarwanda). */
export function quantityText(quantity: number, unit: string, language: Language = 'en'): string {
  return quantityWithUnit(quantity, unit, language);
}

/**
 * The product's name; for a Kinyarwanda speaker its Kinyarwanda name first, when it has one
 * ("Inyanya (Tomatoes)"): a short USSD line cuts from the end, so what is kept is the word they use.
 */
export function productName(product: Pick<Product, 'productname' | 'localName'>, language: Language | undefined): string {
  const local = localNameIn(product, language);
  return local ? `${local} (${product.productname})` : product.productname;
}

/** "Only 3 trays left" for a product running low (its count shown), in the shopper's language; undefined otherwise. */
export function leftText(product: Pick<Product, 'inStock' | 'stock' | 'productUnit'>, t: Translate, language: Language | undefined): string | undefined {
  if (!product.inStock || !product.stock?.low || product.stock.available === undefined) return undefined;
  return t('stock.left', { quantity: quantityText(product.stock.available, product.productUnit, language) });
}

export function productCard(product: Product, words?: { t: Translate; language?: Language }): ProductCard {
  const left = words && leftText(product, words.t, words.language);
  return {
    id: product._id,
    name: product.productname,
    price: product.price,
    ...(hasOffer(product.price, product.offerPrice) ? { offerPrice: product.offerPrice } : {}),
    unit: product.productUnit,
    image: product.productImage,
    description: product.description,
    // A catalog without stock keeping says nothing: the product is taken as in stock.
    inStock: product.inStock !== false,
    ...(left ? { left } : {}),
  };
}

/** A product in a list: its price, and 'Out of stock' when staff marked it so. */
export function productRow(product: Product, ctx: Pick<ScreenContext, 't' | 'session'>): ViewRow {
  const price = priceText(product);
  const detail = product.inStock ? price : `${price} ${ctx.t('product.outOfStock')}`;
  return { value: product._id, label: productName(product, ctx.session.language), detail, product: productCard(product, { t: ctx.t, language: ctx.session.language }) };
}

/** Reads a whole number typed on a keypad; anything else (letters, decimals, "1e2") is undefined. */
export function wholeNumber(text: string): number | undefined {
  return /^\d{1,6}$/.test(text.trim()) ? Number.parseInt(text.trim(), 10) : undefined;
}

/** The rows of one page of a longer list, and whether more follow. */
export function pageOf<T>(all: T[], offset: number, size: number): { rows: T[]; rowsContinue: boolean } {
  return { rows: all.slice(offset, offset + size), rowsContinue: all.length > offset + size };
}

/** Enough items, from the first, to fill the page at this offset and know whether another follows. */
export const windowLimit = (offset: number, size: number) => offset + size + 1;

/** The page at this offset of a list fetched from its start with windowLimit, knowing its total. */
export function windowOf<T>(fromStart: T[], total: number, offset: number, size: number): { rows: T[]; rowsContinue: boolean } {
  return { rows: fromStart.slice(offset, offset + size), rowsContinue: total > offset + size };
}
