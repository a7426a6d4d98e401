// Checkout: choose where to deliver (saved addresses, the default first, or a new one), confirm
// with the total and how to pay, then the order is placed and the conversation ends.
import { randomUUID } from 'node:crypto';
import { formatFrw, toMinor } from '../../lib/money';
import type { Address } from '../../modules/addresses/addresses.schema';
import { getAddress, listAddresses } from '../../modules/addresses/addresses.service';
import { countCartItems, getCart } from '../../modules/cart/cart.service';
import { orderNumber } from '../../modules/orders/orders.schema';
import { placeOrder } from '../../modules/orders/orders.service';
import type { Outcome, Screen, ScreenContext } from '../types';
import { accountId, invalidChoice, needsAccount, newState, pageOf, pageSizeOf, push, refuse } from './helpers';
import { menuActions, menuChoice } from './menu';
import { askMomo, momoOffered } from './momo';
import { cartTotals } from './cart-totals';

export const addressLabel = (address: Pick<Address, 'street' | 'district'>) => `${address.street}, ${address.district}`;

/**
 * The confirm screen's state. Its idempotency key is made once, here, so a gateway retrying the
 * "Confirm" request (or a double tap in chat) finds the order already placed instead of a second one.
 */
export function confirmState(addressId: string, sessionId: string) {
  return newState('checkout-confirm', { addressId, key: `conversation:${sessionId}:${randomUUID()}` });
}

/** Where every "Checkout" option leads: the address step, or straight to a new address for a first order. */
export async function startCheckout(ctx: ScreenContext): Promise<Outcome> {
  const denied = needsAccount(ctx, 'login.page');
  if (denied) return denied;
  const userId = accountId(ctx);
  if (!(await countCartItems(ctx.deps, userId))) return refuse(ctx.t('checkout.emptyCart'));
  const saved = await listAddresses(ctx.deps, userId);
  return saved.length ? push('checkout-address') : push('address-district', { purpose: 'checkout' });
}

export const checkoutAddress: Screen<'checkout-address'> = {
  async render(ctx, state) {
    const saved = await listAddresses(ctx.deps, accountId(ctx));
    const rows = saved.map((address) => ({
      value: address._id,
      label: addressLabel(address),
      detail: address.isDefault ? ctx.t('address.default') : undefined,
    }));
    return {
      title: ctx.t('address.choose'),
      ...pageOf(rows, state.offset, pageSizeOf(ctx, 9)),
      actions: menuActions('checkout-address', ctx.t),
    };
  },

  async handle(ctx, _state, { text, choice }) {
    if (choice) return { type: 'go', to: confirmState(choice, ctx.session.id), how: 'push' };
    if (menuChoice('checkout-address', text)) return push('address-district', { purpose: 'checkout' });
    return invalidChoice(ctx);
  },
};

export const checkoutConfirm: Screen<'checkout-confirm'> = {
  async render(ctx, state) {
    const userId = accountId(ctx);
    const [cart, address] = await Promise.all([getCart(ctx.deps, userId), getAddress(ctx.deps, userId, state.data.addressId)]);
    if (!cart.products.length) return { title: ctx.t('checkout.emptyCart') };
    const { items, totalMinor } = cartTotals(cart);
    const { payCode, businessName } = ctx.deps.config.shop;
    return {
      title: ctx.t('checkout.title'),
      lines: [
        ctx.t('checkout.items', { count: items, total: formatFrw(totalMinor) }),
        ctx.t('checkout.delivery'),
        ctx.t('checkout.pay', { code: payCode, business: businessName }),
      ],
      // As a list row, the address is what gets shortened on a small screen, never the pay code.
      rows: [{ label: ctx.t('checkout.to', { address: addressLabel(address) }) }],
      // 1 Confirm (cash on delivery, the MoMo Pay code), and 2 Pay now with MoMo when the shop has request-to-pay.
      actions: menuActions('checkout-confirm', ctx.t, (chosen) => chosen.key !== '2' || momoOffered(ctx)),
    };
  },

  async handle(ctx, state, { text }) {
    const chosen = menuChoice('checkout-confirm', text);
    const momo = chosen?.key === '2' && momoOffered(ctx);
    if (!chosen || (chosen.key === '2' && !momo)) return invalidChoice(ctx);
    const order = await placeOrder(ctx.deps, accountId(ctx), {
      addressId: state.data.addressId,
      paymentType: momo ? 'momo' : 'cash',
      idempotencyKey: state.data.key,
      channel: ctx.session.channel,
    });
    // A retried Confirm finds the order placed: its first MoMo request is not asked again.
    if (momo) return askMomo(ctx, order, { placed: true, firstOnly: true });
    return {
      type: 'end',
      order: { id: order._id, number: orderNumber(order._id) },
      cartChanged: true,
      text: ctx.t('checkout.placed', {
        number: orderNumber(order._id),
        total: formatFrw(toMinor(order.amount)),
        code: ctx.deps.config.shop.payCode,
      }),
    };
  },
};
