// The confirmation's detail blocks: delivery, the way to the door (timeline, the code for the rider),
// payment (pay code, exact-amount reminder) and next steps.
import type { Order } from '@server/modules/orders/orders.schema';
import type { ShopConfig } from '@server/modules/shop/shop.schema';
import { formatMoney } from '@web/lib/money';
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
            <PaymentStatusBadge status={order.paymentStatus} upper />
          </dd>
        </div>
        <div>
          <dt>MoMo Pay code</dt>
          <dd className="pay-code">{config?.payCode ?? '…'}</dd>
        </div>
      </dl>
      {order.paymentType === 'momo' ? null : (
        <p className="confirm-reminder">
          Cash on delivery: please prepare the exact amount of {formatMoney(order.total)} to pay with Mobile Money
          {config ? ` (pay code ${config.payCode}, ${config.businessName})` : ''}.
        </p>
      )}
    </section>
  );
}

export function NextStepsPanel({ order }: { order: Order }) {
  return (
    <section className="card confirm-panel" aria-labelledby="next-title">
      <h2 id="next-title">What Happens Next</h2>
      <ol className="confirm-next">
        <li>The administrator verifies your payment and calls you within 10 minutes.</li>
        <li>{order.deliveryWindow ? `Your groceries are delivered ${order.deliveryWindow.label}.` : 'Your groceries are delivered within 1-2 hours.'}</li>
        <li>You can follow your order any time from Track Orders.</li>
      </ol>
    </section>
  );
}

const STEP_NAMES: Record<Order['timeline'][number]['step'], string> = {
  placed: 'Placed',
  packed: 'Packed',
  on_the_way: 'On the way',
  delivered: 'Delivered',
  not_delivered: 'Not delivered',
  cancelled: 'Cancelled',
};

const FAILURE_NAMES: Record<NonNullable<Order['timeline'][number]['reason']>, string> = {
  nobody_home: 'nobody was home',
  refused: 'the order was refused',
  wrong_address: 'the address was wrong',
};

/** What a step adds to its name: the final amount, the rider and window, or why and the new window. */
function stepDetail(step: Order['timeline'][number]): string {
  if (step.step === 'packed' && step.finalAmount !== null && step.finalAmount !== undefined) return `Final amount ${formatMoney(step.finalAmount)}`;
  if (step.step === 'on_the_way') return [step.rider ? `${step.rider.fullName}, ${step.rider.phoneNumber}` : '', step.window?.label ?? ''].filter(Boolean).join(' · ');
  if (step.step === 'not_delivered') {
    const why = step.reason ? `Not delivered: ${FAILURE_NAMES[step.reason]}` : 'Not delivered';
    return step.window ? `${why}. New window: ${step.window.label}` : `${why}. The shop will call you about a new time.`;
  }
  return '';
}

/** The order's way to the door beside its status, and, while it is on its way, the code to give the rider. */
export function TimelinePanel({ order }: { order: Order }) {
  return (
    <section className="card confirm-panel" aria-labelledby="timeline-title">
      <h2 id="timeline-title">Where Your Order Is</h2>
      {order.deliveryCode ? (
        <p className="delivery-code">
          Give the rider this code when you receive your order, not before: <strong>{order.deliveryCode}</strong>
        </p>
      ) : null}
      <ol className="order-timeline">
        {order.timeline.map((step, index) => (
          <li key={`${step.step}-${index}`}>
            <strong>{STEP_NAMES[step.step]}</strong> <span className="muted">{formatOrderDate(step.at, 'd MMM, HH:mm')}</span>
            {stepDetail(step) ? <div>{stepDetail(step)}</div> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
