// The home page's "Order again" for a returning shopper: their last order, what it held, and one button
// that puts it in the cart again (as each order's row in Track Orders does). Nothing for a visitor or a
// shopper with no order yet, and nothing said when the order list cannot be read: home still works.
import { t } from '@lingui/core/macro';
import { Link } from 'react-router-dom';
import { orderNumber, type Order } from '@server/modules/orders/orders.schema';
import { paths } from '@web/app/paths';
import { Button } from '@web/components/ui/button';
import { formatMoney } from '@web/lib/money';
import { useRemote } from '@web/lib/use-remote';
import { useAuthStore } from '@web/features/auth';
import { fetchUserOrders } from '../api/orders-api';
import { formatDate } from '@web/lib/i18n/format';
import { lineName } from '../format';
import { useOrderAgain } from '../hooks/use-order-again';
import '../orders.css';

/** How many of the order's products the card names before "and N more". */
const NAMED_PRODUCTS = 3;

async function loadLastOrder(signal: AbortSignal): Promise<Order | null> {
  const { orders } = await fetchUserOrders(1, 1, signal);
  return orders[0] ?? null;
}

/** "Tomatoes, Carrots, Onions and 2 more" */
export function orderProductsText(order: Pick<Order, 'products'>): string {
  const names = (order.products ?? []).map(lineName);
  const named = names.slice(0, NAMED_PRODUCTS).join(', ');
  const more = names.length - NAMED_PRODUCTS;
  return more > 0 ? t`${named} and ${more} more` : named;
}

/** "#ABCD1234 of 12 Mar 2026: Tomatoes, Carrots · frw 3,000.00" */
function LastOrderWhat({ order }: { order: Order }) {
  const number = orderNumber(order._id);
  const date = formatDate(order.createdAt);
  const products = orderProductsText(order);
  const total = formatMoney(order.total);
  return (
    <>
      <Link to={paths.trackOrders}>#{number}</Link> {t`of ${date}: ${products}`} · {total}
    </>
  );
}

export function LastOrderAgain() {
  const signedIn = useAuthStore((state) => state.isAuthenticated);
  const { state } = useRemote(loadLastOrder, [signedIn], t`Could not load your orders`, signedIn);
  const { orderAgain, busyId } = useOrderAgain();
  const order = signedIn && state.status === 'ready' ? state.data : null;
  if (!order) return null;
  return (
    <section className="container section last-order" aria-labelledby="last-order-title">
      <div className="last-order-card">
        <div>
          <h2 id="last-order-title" className="last-order-title">
            {t`Your last order`}
          </h2>
          <p className="last-order-what">
            <LastOrderWhat order={order} />
          </p>
        </div>
        <Button busy={busyId === order._id} onClick={() => void orderAgain(order._id)}>
          {t`Order again`}
        </Button>
      </div>
    </section>
  );
}
