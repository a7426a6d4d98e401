// Orders as a table whose rows open to show their products (docs/product.md section 2, track orders). On a phone each
// row becomes a stacked card (CSS), keeping the table semantics for screen readers. "Order again" and
// "Deliver every week" are on each row itself, not hidden until the row is opened.
import { t } from '@lingui/core/macro';
import { formatDate } from '@web/lib/i18n/format';
import { Fragment, useState } from 'react';
import type { Order } from '@server/modules/orders/orders.schema';
import { orderNumber } from '@server/modules/orders/orders.schema';
import { ChevronDownIcon } from '@web/components/ui/icons';
import { formatMoney } from '@web/lib/money';
import { deliveryWhen, itemCount } from '../format';
import { OrderLines } from './order-lines';
import { PayAgainButton } from './momo-payment';
import { OrderStatusBadge, PaymentStatusBadge } from './status-badge';
import { Link } from 'react-router-dom';
import { Button, buttonClass } from '@web/components/ui/button';
import { paths } from '@web/app/paths';
import { useOrderAgain } from '../hooks/use-order-again';
import { MakeWeeklyButton } from '@web/features/baskets';
import '../orders.css';

/** The window an order still comes in (not delivered or cancelled), for "Deliver every week" to compare with. */
function comingWindow(order: Order) {
  return order.deliveryWindow && ['pending', 'processing', 'shipped'].includes(order.status) ? order.deliveryWindow : undefined;
}

/** `onOrderChanged`: an order the table changed itself ("Pay again"), to show without waiting for the next load. */
export function OrdersTable({ orders, caption, onOrderChanged }: { orders: Order[]; caption: string; onOrderChanged?: (order: Order) => void }) {
  const [open, setOpen] = useState<Set<string>>(new Set());
  const { orderAgain, busyId } = useOrderAgain();

  function toggle(id: string) {
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  return (
    <table className="orders-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t`Order`}</th>
          <th scope="col">{t`Date`}</th>
          <th scope="col">{t`Delivery`}</th>
          <th scope="col">{t`Status`}</th>
          <th scope="col">{t`Payment`}</th>
          <th scope="col">{t`Total`}</th>
          <th scope="col">
            <span className="visually-hidden">{t`Actions`}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => {
          const expanded = open.has(order._id);
          const detailsId = `order-details-${order._id}`;
          return (
            <Fragment key={order._id}>
              <tr className={expanded ? 'is-expanded' : undefined}>
                <th scope="row" data-label={t`Order`}>
                  <button
                    type="button"
                    className="order-toggle"
                    aria-expanded={expanded}
                    aria-controls={detailsId}
                    onClick={() => toggle(order._id)}
                  >
                    <ChevronDownIcon size={16} aria-hidden="true" className="order-toggle-icon" />
                    <span className="visually-hidden">{expanded ? t`Hide products of order` : t`Show products of order`} </span>#
                    {orderNumber(order._id)}
                  </button>
                </th>
                <td data-label={t`Date`}>{formatDate(order.createdAt)}</td>
                <td data-label={t`Delivery`}>{deliveryWhen(order)}</td>
                <td data-label={t`Status`}>
                  <OrderStatusBadge status={order.status} />
                </td>
                <td data-label={t`Payment`}>
                  <PaymentStatusBadge status={order.paymentStatus} /> <PayAgainButton order={order} onChanged={onOrderChanged} />
                </td>
                <td data-label={t`Total`}>{formatMoney(order.total)}</td>
                <td className="order-row-actions">
                  <Button
                    variant="secondary"
                    size="sm"
                    busy={busyId === order._id}
                    onClick={() => void orderAgain(order._id)}
                  >
                    {t`Order again`}
                  </Button>
                  <MakeWeeklyButton orderId={order._id} orderNumber={orderNumber(order._id)} coming={comingWindow(order)} />
                  {order.status === 'delivered' ? (
                    <Link to={paths.receipt(order._id)} className={buttonClass('secondary', 'sm')}>
                      {t`Receipt`}
                    </Link>
                  ) : null}
                </td>
              </tr>
              <tr id={detailsId} className="order-details-row" hidden={!expanded}>
                <td colSpan={7}>
                  {expanded ? (
                    <div className="order-details">
                      <OrderLines lines={order.products} showUnitPrice answerFor={{ orderId: order._id, onAnswered: (changed) => onOrderChanged?.(changed) }} />
                      <p className="order-details-totals">
                        <span>{t`Total items: ${itemCount(order)}`}</span>
                        <strong>{t`Order total: ${formatMoney(order.total)}`}</strong>
                      </p>
                    </div>
                  ) : null}
                </td>
              </tr>
            </Fragment>
          );
        })}
      </tbody>
    </table>
  );
}
