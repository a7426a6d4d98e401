// The confirmation's detail blocks: delivery, the way to the door (timeline, the code for the rider),
// payment (pay code, exact-amount reminder) and next steps.
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
  const amount = formatMoney(order.total);
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

/** A step's name, in the shopper's language. */
function stepName(step: Order['timeline'][number]['step']): string {
  switch (step) {
    case 'placed':
      return t`Placed`;
    case 'packed':
      return t`Packed`;
    case 'on_the_way':
      return t`On the way`;
    case 'delivered':
      return t`Delivered`;
    case 'not_delivered':
      return t`Not delivered`;
    default:
      return t`Cancelled`;
  }
}

function failureName(reason: NonNullable<Order['timeline'][number]['reason']>): string {
  if (reason === 'nobody_home') return t`nobody was home`;
  return reason === 'refused' ? t`the order was refused` : t`the address was wrong`;
}

/** What a step adds to its name: the final amount, the rider and window, or why and the new window. */
function stepDetail(step: Order['timeline'][number]): string {
  if (step.step === 'packed' && step.finalAmount !== null && step.finalAmount !== undefined) {
    const amount = formatMoney(step.finalAmount);
    return t`Final amount ${amount}`;
  }
  if (step.step === 'on_the_way') return [step.rider ? `${step.rider.fullName}, ${step.rider.phoneNumber}` : '', step.window ? deliveryWindowName(step.window) : ''].filter(Boolean).join(' · ');
  if (step.step === 'not_delivered') {
    const why = step.reason ? failureName(step.reason) : '';
    const window = step.window ? deliveryWindowName(step.window) : '';
    if (window) return why ? t`Not delivered: ${why}. New window: ${window}` : t`New window: ${window}`;
    return why ? t`Not delivered: ${why}. The shop will call you about a new time.` : t`The shop will call you about a new time.`;
  }
  return '';
}

/** The order's way to the door beside its status, and, while it is on its way, the code to give the rider. */
export function TimelinePanel({ order }: { order: Order }) {
  const code = order.deliveryCode;
  return (
    <section className="card confirm-panel" aria-labelledby="timeline-title">
      <h2 id="timeline-title">{t`Where Your Order Is`}</h2>
      {code ? (
        <p className="delivery-code">
          {t`Give the rider this code when you receive your order, not before:`} <strong>{code}</strong>
        </p>
      ) : null}
      <ol className="order-timeline">
        {order.timeline.map((step, index) => (
          <li key={`${step.step}-${index}`}>
            <strong>{stepName(step.step)}</strong> <span className="muted">{formatDate(step.at, 'withTime')}</span>
            {stepDetail(step) ? <div>{stepDetail(step)}</div> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
