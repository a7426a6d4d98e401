// Opens the cart drawer; the badge shows how many items are in the cart.
import { plural, t } from '@lingui/core/macro';
import { CartIcon } from '@web/components/ui/icons';
import { useCartStore } from '@web/features/cart';

export function CartButton() {
  const totalItems = useCartStore((state) => state.totalItems);
  const openDrawer = useCartStore((state) => state.openDrawer);
  const label = plural(totalItems, { one: 'Open cart, # item', other: 'Open cart, # items' });
  return (
    <button type="button" className="btn btn-ghost btn-icon header-cart" aria-label={label} title={t`Cart`} onClick={openDrawer}>
      <CartIcon size={22} />
      {totalItems > 0 && (
        <span className="badge header-cart-badge" aria-hidden="true">
          {totalItems > 99 ? '99+' : totalItems}
        </span>
      )}
    </button>
  );
}
