// The cart page (docs/product.md section 2): the lines, an order summary, Proceed to Checkout after a 3 s
// pause, Clear Cart.
import { plural, t } from '@lingui/core/macro';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '@web/app/paths';
import { ArrowLeftIcon } from '@web/components/ui/icons';
import { LoadingBlock, Spinner } from '@web/components/ui/spinner';
import { useDocumentTitle } from '@web/components/ui/use-document-title';
import { CartEmpty } from '../components/cart-empty';
import { CartLines } from '../components/cart-lines';
import { CartTotals } from '../components/cart-totals';
import { quoteDeliveryFee, useDeliveryFees } from '../delivery-fee';
import { useCartStore } from '../store';
import '../cart.css';

export const CART_CHECKOUT_DELAY_MS = 3000;

export default function CartPage() {
  useDocumentTitle(t`Your Cart`);
  const navigate = useNavigate();
  const { items, totalItems, totalPrice, isLoading, isRefreshing, clearCart } = useCartStore();
  const [proceeding, setProceeding] = useState(false);
  const fees = useDeliveryFees();
  // Lines checkout cannot sell as they are: they wait apart, out of the totals, until changed or removed.
  const unsellable = items.filter((item) => !item.sellable).length;
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
            <CartLines items={items} disabled={busy} busy={isRefreshing} />
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
            <CartTotals totalPrice={totalPrice} delivery={quoteDeliveryFee(fees, totalPrice, undefined, t`Negotiable with delivery agent`).words} className="cart-summary-rows" totalClassName="cart-summary-total" />
            <button type="button" className="btn btn-primary btn-block btn-lg" disabled={busy || unsellable > 0} aria-describedby={unsellable ? 'cart-unsellable' : undefined} onClick={proceed}>
              {proceeding && <span className="spinner spinner-sm" aria-hidden="true" />}
              {proceeding ? t`Processing...` : t`Proceed to Checkout`}
            </button>
            {unsellable ? (
              <p id="cart-unsellable" className="stock-flag">
                {plural(unsellable, { one: 'Change or remove the line that cannot be sold to check out.', other: 'Change or remove the lines that cannot be sold to check out.' })}
              </p>
            ) : null}
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
