// The cart drawer (docs/product.md section 2): lines, subtotal, View Cart / Checkout after a 1 s pause with their busy
// labels, an 'Updating cart...' overlay while a change is on its way. Loaded on first open.
import { t } from '@lingui/core/macro';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@web/app/paths';
import { Drawer } from '@web/components/ui/drawer';
import { Spinner } from '@web/components/ui/spinner';
import { formatMoney } from '@web/lib/money';
import { useCartStore } from '../store';
import { CartEmpty } from './cart-empty';
import { CartLines } from './cart-lines';
import '../cart.css';

export const DRAWER_NAVIGATION_DELAY_MS = 1000;

export default function CartDrawer() {
  const navigate = useNavigate();
  const { items, totalItems, totalPrice, isLoading, isRefreshing, isDrawerOpen, closeDrawer } = useCartStore();
  const [pending, setPending] = useState<'view' | 'checkout' | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Closing the drawer resets the busy labels and forgets a navigation that has not happened yet.
  useEffect(() => {
    if (!isDrawerOpen) {
      clearTimeout(timer.current);
      setPending(null);
    }
  }, [isDrawerOpen]);
  useEffect(() => () => clearTimeout(timer.current), []);

  function goAfterPause(kind: 'view' | 'checkout', to: string) {
    setPending(kind);
    timer.current = setTimeout(() => {
      closeDrawer();
      navigate(to);
    }, DRAWER_NAVIGATION_DELAY_MS);
  }

  const busy = isRefreshing || pending !== null;
  const empty = items.length === 0;

  const footer = empty ? null : (
    <div className="cart-drawer-footer">
      <p className="cart-subtotal">
        <span>{t`Subtotal`}</span>
        <strong>{formatMoney(totalPrice)}</strong>
      </p>
      <p className="muted cart-shipping-note">{t`Shipping price is negotiable with the delivery agent.`}</p>
      <div className="cart-drawer-actions">
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => goAfterPause('view', paths.cart)}>
          {pending === 'view' ? t`Loading...` : t`View Cart`}
        </button>
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => goAfterPause('checkout', paths.checkout)}>
          {pending === 'checkout' ? t`Processing...` : t`Checkout`}
        </button>
      </div>
      <button type="button" className="btn btn-ghost btn-block" onClick={closeDrawer}>
        {t`Continue Shopping`}
      </button>
    </div>
  );

  return (
    <Drawer
      open={isDrawerOpen}
      onClose={closeDrawer}
      side="right"
      className="cart-drawer"
      title={
        <span className="cart-drawer-title">
          {t`Your Cart (${totalItems})`}
          <span className="badge badge-success" aria-hidden="true">
            {totalItems}
          </span>
        </span>
      }
      footer={footer}
    >
      {isLoading && empty ? (
        <div className="loading-block">
          <Spinner label={t`Loading cart...`} />
        </div>
      ) : empty ? (
        <CartEmpty>
          <button type="button" className="btn btn-primary" onClick={closeDrawer}>
            {t`Continue Shopping`}
          </button>
        </CartEmpty>
      ) : (
        <CartLines items={items} disabled={busy} busy={isRefreshing} onNavigate={closeDrawer} />
      )}
      {isRefreshing && (
        <div className="cart-updating" role="status">
          <Spinner label={t`Updating cart...`} />
        </div>
      )}
    </Drawer>
  );
}
