// The cart page (spec 2): the lines, an order summary, Proceed to Checkout after a 3 s pause, Clear Cart.
import { t } from '@lingui/core/macro';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '@web/app/paths';
import { ArrowLeftIcon } from '@web/components/ui/icons';
import { LoadingBlock, Spinner } from '@web/components/ui/spinner';
import { useDocumentTitle } from '@web/components/ui/use-document-title';
import { CartEmpty } from '../components/cart-empty';
import { CartLine } from '../components/cart-line';
import { CartTotals } from '../components/cart-totals';
import { useOutOfStockIds } from '../hooks/use-out-of-stock-ids';
import { useCartStore } from '../store';
import '../cart.css';

export const CART_CHECKOUT_DELAY_MS = 3000;

export default function CartPage() {
  useDocumentTitle(t`Your Cart`);
  const navigate = useNavigate();
  const { items, totalItems, totalPrice, isLoading, isRefreshing, clearCart } = useCartStore();
  const [proceeding, setProceeding] = useState(false);
  const outOfStock = useOutOfStockIds();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  function proceed() {
    setProceeding(true);
    timer.current = setTimeout(() => navigate(paths.checkout), CART_CHECKOUT_DELAY_MS);
  }

  const busy = isRefreshing || proceeding;

  return (
    <div className="container page cart-page">
      <Link to={paths.products} className="back-link">
        <ArrowLeftIcon size={18} /> {t`Back to Shopping`}
      </Link>
      <h1 className="page-title">{t`Your Cart`}</h1>
      {isLoading && items.length === 0 ? (
        <LoadingBlock label={t`Loading cart...`} />
      ) : items.length === 0 ? (
        <div className="card">
          <CartEmpty>
            <Link to={paths.products} className="btn btn-primary">
              {t`Continue Shopping`}
            </Link>
            <Link to={paths.trackOrders} className="btn btn-secondary">
              {t`Track Orders`}
            </Link>
          </CartEmpty>
        </div>
      ) : (
        <div className="cart-page-grid">
          <section className="card cart-page-items" aria-label={t`Items in your cart (${totalItems})`}>
            <ul className="cart-lines" aria-busy={isRefreshing}>
              {items.map((item) => (
                <CartLine key={item.id} item={item} disabled={busy} outOfStock={outOfStock.has(item.id)} />
              ))}
            </ul>
            {isRefreshing && (
              <div className="cart-updating" role="status">
                <Spinner label={t`Updating cart...`} />
              </div>
            )}
          </section>
          <aside className="card cart-summary" aria-labelledby="order-summary-title">
            <h2 id="order-summary-title" className="cart-summary-title">
              {t`Order Summary`}
            </h2>
            <CartTotals totalPrice={totalPrice} delivery={t`Negotiable with delivery agent`} className="cart-summary-rows" totalClassName="cart-summary-total" />
            <button type="button" className="btn btn-primary btn-block btn-lg" disabled={busy || outOfStock.size > 0} onClick={proceed}>
              {proceeding && <span className="spinner spinner-sm" aria-hidden="true" />}
              {proceeding ? t`Processing...` : t`Proceed to Checkout`}
            </button>
            <Link to={paths.products} className="btn btn-secondary btn-block">
              {t`Continue Shopping`}
            </Link>
            <button type="button" className="btn btn-ghost btn-block cart-clear" disabled={busy} onClick={() => void clearCart()}>
              {t`Clear Cart`}
            </button>
          </aside>
        </div>
      )}
    </div>
  );
}
