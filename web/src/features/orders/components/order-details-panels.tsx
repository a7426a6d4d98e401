// The confirmation's detail blocks: delivery, payment (pay code, exact-amount reminder) and next steps.
import type { Order } from '@server/modules/orders/orders.schema';
import type { ShopConfig } from '@server/modules/shop/shop.schema';
import { formatMoney } from '@web/lib/money';
import { CASH_WORDS, MOMO_WORDS, payWords } from '@server/lib/payment-words';
import { deliveryWhen, formatOrderDate, paymentMethodName } from '../format';
import { OrderStatusBadge, PaymentStatusBadge } from './status-badge';

export function DeliveryPanel({ order }: { order: Order }) {
  const address = order.address;
  return (
    <section className="card confirm-panel" aria-labelledby="delivery-info-title">
      <h2 id="delivery-info-title">Delivery Information</h2>
      <dl className="confirm-facts">
        <div>
          <dt>Delivery window</dt>
          <dd>{deliveryWhen(order)}</dd>
        </div>
        <div>
          <dt>Shipping address</dt>
          <dd>
            {address ? `${address.description}, ${address.street}, ${address.district}, ${address.city}` : '—'}
          </dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>{address?.phoneNumber || '—'}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{address?.email || '—'}</dd>
        </div>
      </dl>
    </section>
  );
}

export function PaymentPanel({ order, config }: { order: Order; config: ShopConfig | null }) {
  return (
    <section className="card confirm-panel" aria-labelledby="payment-info-title">
      <h2 id="payment-info-title">Payment Information</h2>
      <dl className="confirm-facts">
        <div>
          <dt>Order date</dt>
          <dd>{formatOrderDate(order.createdAt, 'd MMM yyyy, HH:mm')}</dd>
        </div>
        <div>
          <dt>Payment method</dt>
          <dd>{paymentMethodName(order.paymentType)}</dd>
        </div>
        <div>
          <dt>Order status</dt>
          <dd>
            <OrderStatusBadge status={order.status} />
          </dd>
        </div>
        <div>
          <dt>Payment status</dt>
          <dd>
            <PaymentStatusBadge status={order.paymentStatus} />
          </dd>
        </div>
        <div>
          <dt>MoMo Pay code</dt>
          <dd className="pay-code">{config?.payCode ?? '…'}</dd>
        </div>
      </dl>
      {order.paymentType === 'momo' || order.paymentStatus === 'completed' ? null : (
        <p className="confirm-reminder">
          {payWords(CASH_WORDS.prepare, { total: formatMoney(order.amount), code: config?.payCode ?? '…', business: config?.businessName ?? '…' })}
        </p>
      )}
    </section>
  );
}

/** What comes of the payment: "verifies your payment" only of one made with the code, never before. */
function paymentNext(order: Order): string {
  if (order.paymentStatus === 'completed') return 'Your payment is confirmed: no one needs to call you about it.';
  if (order.paymentType !== 'momo') return CASH_WORDS.verified;
  return order.paymentStatus === 'failed' ? 'The MoMo payment did not go through: pay again, or with the MoMo Pay code.' : MOMO_WORDS.placed;
}

export function NextStepsPanel({ order }: { order: Order }) {
  return (
    <section className="card confirm-panel" aria-labelledby="next-title">
      <h2 id="next-title">What Happens Next</h2>
      <ol className="confirm-next">
        <li>{paymentNext(order)}</li>
        <li>{order.deliveryWindow ? `Your groceries are delivered ${order.deliveryWindow.label}.` : 'Your groceries are delivered within 1-2 hours.'}</li>
        <li>You can follow your order any time from Track Orders.</li>
      </ol>
    </section>
  );
}
