// The confirmation's detail blocks: delivery, payment (pay code, exact-amount reminder) and next steps.
import { t } from '@lingui/core/macro';
import { deliveryWindowName, formatDate } from '@web/lib/i18n/format';
import type { Order } from '@server/modules/orders/orders.schema';
import type { ShopConfig } from '@server/modules/shop/shop.schema';
import { formatMoney } from '@web/lib/money';
import { cashWords, momoWords } from '@web/lib/i18n/payment-words';
import { deliveryWhen, paymentMethodName } from '../format';
import { OrderStatusBadge, PaymentStatusBadge } from './status-badge';

export function DeliveryPanel({ order }: { order: Order }) {
  const address = order.address;
  return (
    <section className="card confirm-panel" aria-labelledby="delivery-info-title">
      <h2 id="delivery-info-title">{t`Delivery Information`}</h2>
      <dl className="confirm-facts">
        <div>
          <dt>{t`Delivery window`}</dt>
          <dd>{deliveryWhen(order)}</dd>
        </div>
        <div>
          <dt>{t`Shipping address`}</dt>
          <dd>
            {address ? `${address.description}, ${address.street}, ${address.district}, ${address.city}` : '—'}
          </dd>
        </div>
        <div>
          <dt>{t`Phone`}</dt>
          <dd>{address?.phoneNumber || '—'}</dd>
        </div>
        <div>
          <dt>{t`Email`}</dt>
          <dd>{address?.email || '—'}</dd>
        </div>
      </dl>
    </section>
  );
}

export function PaymentPanel({ order, config }: { order: Order; config: ShopConfig | null }) {
  const amount = formatMoney(order.amount);
  return (
    <section className="card confirm-panel" aria-labelledby="payment-info-title">
      <h2 id="payment-info-title">{t`Payment Information`}</h2>
      <dl className="confirm-facts">
        <div>
          <dt>{t`Order date`}</dt>
          <dd>{formatDate(order.createdAt, 'withTime')}</dd>
        </div>
        <div>
          <dt>{t`Payment method`}</dt>
          <dd>{paymentMethodName(order.paymentType)}</dd>
        </div>
        <div>
          <dt>{t`Order status`}</dt>
          <dd>
            <OrderStatusBadge status={order.status} />
          </dd>
        </div>
        <div>
          <dt>{t`Payment status`}</dt>
          <dd>
            <PaymentStatusBadge status={order.paymentStatus} />
          </dd>
        </div>
        <div>
          <dt>{t`MoMo Pay code`}</dt>
          <dd className="pay-code">{config?.payCode ?? '…'}</dd>
        </div>
      </dl>
      {order.paymentType === 'momo' || order.paymentStatus === 'completed' ? null : (
        <p className="confirm-reminder">
          {cashWords.prepare(amount, { code: config?.payCode ?? '…', business: config?.businessName ?? '…' })}
        </p>
      )}
    </section>
  );
}

/** What comes of the payment: "verifies your payment" only of one made with the code, never before. */
function paymentNext(order: Order): string {
  if (order.paymentStatus === 'completed') return t`Your payment is confirmed: no one needs to call you about it.`;
  if (order.paymentType !== 'momo') return cashWords.verified();
  return order.paymentStatus === 'failed' ? t`The MoMo payment did not go through: pay again, or with the MoMo Pay code.` : momoWords.placed();
}

export function NextStepsPanel({ order }: { order: Order }) {
  const window = order.deliveryWindow ? deliveryWindowName(order.deliveryWindow) : null;
  return (
    <section className="card confirm-panel" aria-labelledby="next-title">
      <h2 id="next-title">{t`What Happens Next`}</h2>
      <ol className="confirm-next">
        <li>{paymentNext(order)}</li>
        <li>{window ? t`Your groceries are delivered ${window}.` : t`Your groceries are delivered within 1-2 hours.`}</li>
        <li>{t`You can follow your order any time from Track Orders.`}</li>
      </ol>
    </section>
  );
}
