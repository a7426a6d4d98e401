// The empty cart (docs/product.md section 2): the same words in the drawer and on the cart page; the actions differ.
import { t } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import { CartIcon } from '@web/components/ui/icons';

export function CartEmpty({ children }: { children: ReactNode }) {
  return (
    <div className="cart-empty">
      <span className="cart-empty-icon" aria-hidden="true">
        <CartIcon size={40} />
      </span>
      <h3 className="cart-empty-title">{t`Your cart is empty`}</h3>
      <p className="muted">{t`Looks like you haven't added any products to your cart yet.`}</p>
      <div className="cart-empty-actions">{children}</div>
    </div>
  );
}
