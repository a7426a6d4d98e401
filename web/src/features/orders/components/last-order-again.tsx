// The home page's "Order again" for a returning shopper: their last order, what it held, and one button
// that puts it in the cart again (as each order's row in Track Orders does). Nothing for a visitor or a
// shopper with no order yet, and nothing said when the order list cannot be read: home still works.
import { Link } from 'react-router-dom';
import { orderNumber, type Order } from '@server/modules/orders/orders.schema';
import { paths } from '@web/app/paths';
import { Button } from '@web/components/ui/button';
import { formatMoney } from '@web/lib/money';
import { useRemote } from '@web/lib/use-remote';
import { useAuthStore } from '@web/features/auth';
import { fetchUserOrders } from '../api/orders-api';
import { formatOrderDate, lineName } from '../format';
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
  return names.length > NAMED_PRODUCTS ? `${named} and ${names.length - NAMED_PRODUCTS} more` : named;
}

export function LastOrderAgain() {
  const signedIn = useAuthStore((state) => state.isAuthenticated);
  const { state } = useRemote(loadLastOrder, [signedIn], 'Could not load your orders', signedIn);
  const { orderAgain, busyId } = useOrderAgain();
  const order = signedIn && state.status === 'ready' ? state.data : null;
  if (!order) return null;
  return (
    <section className="container section last-order" aria-labelledby="last-order-title">
      <div className="last-order-card">
        <div>
          <h2 id="last-order-title" className="last-order-title">
            Your last order
          </h2>
          <p className="last-order-what">
            <Link to={paths.trackOrders}>#{orderNumber(order._id)}</Link> of {formatOrderDate(order.createdAt)}: {orderProductsText(order)} ·{' '}
            {formatMoney(order.amount)}
          </p>
        </div>
        <Button busy={busyId === order._id} onClick={() => void orderAgain(order._id)}>
          Order again
        </Button>
      </div>
    </section>
  );
}
