// Tab 'Order History': the latest 5 orders, a way to all of them, or a nudge to start shopping. Their
// status and payment follow staff's changes while the tab is on screen.
import { t } from '@lingui/core/macro';
import { Link } from 'react-router-dom';
import { buttonClass } from '@web/components/ui/button';
import { LoadingBlock } from '@web/components/ui/spinner';
import { paths } from '@web/app/paths';
import { useRefreshWhileVisible } from '@web/lib/use-refresh-while-visible';
import { toastOnFailure, useRemote } from '@web/lib/use-remote';
import { fetchUserOrders, OrdersTable } from '@web/features/orders';

export const PROFILE_ORDERS_LIMIT = 5;

export function OrderHistory() {
  const { state, refresh } = useRemote(
    toastOnFailure(t`Failed to fetch orders`, async (signal) =>
      (await fetchUserOrders(1, PROFILE_ORDERS_LIMIT, signal)).orders.slice(0, PROFILE_ORDERS_LIMIT),
    ),
    [],
    t`Failed to fetch orders`,
  );
  const orders = state.status === 'ready' ? state.data : null;
  const failed = state.status === 'error';

  // Staff move orders while the shopper looks: ask again quietly while the tab is on screen; a failure
  // keeps what is shown.
  useRefreshWhileVisible(() => void refresh(), orders !== null);

  return (
    <section className="card profile-panel" aria-labelledby="order-history-title">
      <div className="profile-panel-head">
        <h2 id="order-history-title">{t`Order History`}</h2>
        {orders?.length ? (
          <Link to={paths.trackOrders} className={buttonClass('secondary', 'sm')}>
            {t`View All Orders`}
          </Link>
        ) : null}
      </div>
      {!orders && !failed ? <LoadingBlock label={t`Loading orders...`} /> : null}
      {failed ? <p role="alert">{t`Failed to fetch orders`}</p> : null}
      {orders && orders.length === 0 ? (
        <div className="profile-empty">
          <p>{t`You have not placed any orders yet.`}</p>
          <Link to={paths.products} className={buttonClass('primary')}>
            {t`Start Shopping`}
          </Link>
        </div>
      ) : null}
      {orders && orders.length > 0 ? <OrdersTable orders={orders} caption={t`Your latest orders`} /> : null}
    </section>
  );
}
