// /admin/orders/:orderId: everything about one order (shopper, phone, address, lines, total, channel,
// MoMo reference, history) and what staff may do to it next.
import { Link, useParams } from 'react-router-dom';
import { orderNumber } from '@server/modules/orders/orders.schema';
import { staffPaths } from '../staff-paths';
import { ArrowLeftIcon } from '@web/components/ui/icons';
import { useDocumentTitle } from '@web/components/ui/use-document-title';
import { OrderLines, OrderStatusBadge, PaymentStatusBadge } from '@web/features/orders';
import { fetchOrder } from '../api/staff-api';
import { LoadState } from '../components/load-state';
import { OrderActions } from '../components/order-actions';
import { MomoRequests } from '../components/momo-requests';
import { OrderHistory } from '../components/order-history';
import { channelName, formatDateTime, formatMoney } from '../format';
import { useRemote } from '../use-remote';

export default function OrderPage() {
  const { orderId = '' } = useParams();
  useDocumentTitle(`Order #${orderNumber(orderId)}`);
  const { state, reload, replace } = useRemote(() => fetchOrder(orderId), [orderId], 'Could not load the order');
  const order = state.data;

  return (
    <div className="staff-page">
      <Link to={staffPaths.orders} className="back-link">
        <ArrowLeftIcon size={18} /> All orders
      </Link>
      <h1 className="page-title">Order #{order?.orderNumber ?? orderNumber(orderId)}</h1>
      <LoadState state={state} onRetry={() => void reload()} label="Loading the order..." />
      {order ? (
        <div className="staff-order">
          <section className="card staff-section" aria-labelledby="order-summary-title">
            <h2 id="order-summary-title" className="staff-section-title">
              Summary
            </h2>
            <dl className="staff-facts">
              <dt>Status</dt>
              <dd>
                <OrderStatusBadge status={order.status} />
              </dd>
              <dt>Payment</dt>
              <dd>
                <PaymentStatusBadge status={order.paymentStatus} />
                {order.momoTransactionId ? <span> MoMo {order.momoTransactionId}</span> : null}
              </dd>
              <dt>Paid by</dt>
              <dd>{order.paymentType === 'momo' ? 'MoMo request-to-pay: MTN confirms it, no one needs to' : 'MoMo Pay code: confirm it by hand with the transaction id'}</dd>
              <dt>Total</dt>
              <dd>{formatMoney(order.finalAmount)}</dd>
              <dt>Placed</dt>
              <dd>{formatDateTime(order.createdAt)}</dd>
              <dt>Delivery window</dt>
              <dd>{order.deliveryWindow ? <Link to={staffPaths.delivery}>{order.deliveryWindow.label}</Link> : '—'}</dd>
              <dt>Channel</dt>
              <dd>{channelName(order.channel)}</dd>
              <dt>Invoice</dt>
              <dd>{order.invoiceNumber}</dd>
            </dl>
          </section>
          <OrderActions order={order} onChanged={replace} />
          <section className="card staff-section" aria-labelledby="order-shopper-title">
            <h2 id="order-shopper-title" className="staff-section-title">
              Shopper and delivery
            </h2>
            <dl className="staff-facts">
              <dt>Name</dt>
              <dd>{order.customer.fullName}</dd>
              <dt>Phone</dt>
              <dd>
                {order.customer.phoneNumber ? <a href={`tel:${order.customer.phoneNumber}`}>{order.customer.phoneNumber}</a> : 'None given'}
                {order.customer.phoneNumber && order.customer.phoneVerified === false ? ' (not confirmed by SMS yet)' : null}
              </dd>
              {order.customer.email ? (
                <>
                  <dt>E-mail</dt>
                  <dd>{order.customer.email}</dd>
                </>
              ) : null}
              <dt>Address</dt>
              <dd>
                {[order.address.description, order.address.street, order.address.district, order.address.city]
                  .filter(Boolean)
                  .join(', ')}
              </dd>
              <dt>Delivery phone</dt>
              <dd>{order.address.phoneNumber || '—'}</dd>
            </dl>
          </section>
          <section className="card staff-section" aria-labelledby="order-lines-title">
            <h2 id="order-lines-title" className="staff-section-title">
              Items
            </h2>
            {order.status === 'pending' || order.status === 'processing' ? (
              <Link to={staffPaths.packing(order._id)} className="staff-pack-link">
                {order.packedAt ? 'Packing (packed)' : 'Pack this order'}
              </Link>
            ) : null}
            <OrderLines lines={order.products} showUnitPrice />
            <p className="staff-total">
              Total <strong>{formatMoney(order.finalAmount)}</strong>
            </p>
          </section>
          {order.paymentType === 'momo' || order.momoRequests.length ? (
            <section className="card staff-section" aria-labelledby="order-momo-title">
              <h2 id="order-momo-title" className="staff-section-title">
                MoMo requests
              </h2>
              <MomoRequests requests={order.momoRequests} />
            </section>
          ) : null}
          <section className="card staff-section" aria-labelledby="order-history-title">
            <h2 id="order-history-title" className="staff-section-title">
              History
            </h2>
            <OrderHistory entries={order.history} />
          </section>
        </div>
      ) : null}
    </div>
  );
}
