// A product can go out of stock while it sits in a cart. The server's cart carries each
// line's product with `inStock`; this asks it again whenever the cart's lines change and gives back
// the ids of lines that can no longer be ordered, so the cart page and checkout can flag them.
// (Read here rather than kept in the cart store, so the storefront's first load does not grow.)
import { t } from '@lingui/core/macro';
import { useRemote } from '@web/lib/use-remote';
import { getCart } from '../api/cart-api';
import { useCartStore } from '../store';

const NONE: ReadonlySet<string> = new Set();

export function outOfStockIds(cart: Awaited<ReturnType<typeof getCart>>['cart']): ReadonlySet<string> {
  const ids = (cart?.products ?? [])
    .filter((line) => line?.productId && line.productId.inStock === false)
    .map((line) => line.productId._id);
  return ids.length ? new Set(ids) : NONE;
}

export function useOutOfStockIds(): ReadonlySet<string> {
  const lineIds = useCartStore((state) => state.items.map((item) => item.id).join(','));
  const { state } = useRemote((signal) => getCart(signal).then((response) => outOfStockIds(response.cart)), [lineIds], t`Failed to fetch cart`, Boolean(lineIds));
  // Not knowing is not a reason to block: the server still refuses an out-of-stock order.
  return lineIds && state.data ? state.data : NONE;
}
