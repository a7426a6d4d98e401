// /order-confirmation (docs/product.md sections 2, 4): the placed order, how to pay for it and what happens next.
import { t } from '@lingui/core/macro';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { Order } from '@server/modules/orders/orders.schema';
import { orderNumber } from '@server/modules/orders/orders.schema';
import { buttonClass } from '@web/components/ui/button';
import { CheckIcon, MailIcon, PhoneIcon } from '@web/components/ui/icons';
import { LoadingBlock } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { paths } from '@web/app/paths';
import { storage } from '@web/lib/storage';
import { formatMoney } from '@web/lib/money';
import { ApiError, toApiError } from '@web/lib/api-client';
import { useRemote } from '@web/lib/use-remote';
import { useCartStore } from '@web/features/cart';
import { RequireLogin } from '@web/features/auth';
import { fetchOrder } from '../api/orders-api';
import { useShopConfig } from '@web/lib/shop-config';
import { useTrapBack } from '../hooks/use-trap-back';
import { orderSubtotal } from '../format';
import { paymentOutcome, PAYMENT_MESSAGES, placedJustNow } from '../payment-status';
import { OrderLines } from '../components/order-lines';
import { DeliveryPanel, NextStepsPanel, PaymentPanel, TimelinePanel } from '../components/order-details-panels';
import { MomoPayment } from '../components/momo-payment';
import { useDocumentTitle } from '@web/components/ui/use-document-title';
import '../orders.css';

function announcePayment(params: URLSearchParams, order: Order, justPlaced: boolean) {
  const outcome = paymentOutcome(params, order);
  if (justPlaced && outcome === 'pending') return;
  if (outcome === 'success') {
    toast.success(PAYMENT_MESSAGES.success);
    void Promise.resolve(useCartStore.getState().fetchCart()).catch(() => undefined);
  } else if (outcome === 'failed') toast.error(PAYMENT_MESSAGES.failed);
  else if (outcome === 'pending') toast.info(PAYMENT_MESSAGES.pending);
}

function OrderConfirmation() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const justPlaced = placedJustNow(useLocation().state);
  const config = useShopConfig();
  useTrapBack();

  // Loaded once per visit: the query is read at that moment. An order that is not there loads as null.
  const { state, replace } = useRemote<Order | null>(async (signal) => {
    const orderId = params.get('orderId') ?? storage.getLastOrderId();
    if (!orderId) {
      toast.error(t`No order information found`);
      navigate(paths.home, { replace: true });
      throw new ApiError(t`No order information found`, 0, 'no_order');
    }
    try {
      const loaded = await fetchOrder(orderId, signal);
      storage.setLastOrderId(null);
      if (!loaded) toast.error(t`Order not found`);
      else announcePayment(params, loaded, justPlaced);
      return loaded;
    } catch (error) {
      if (signal.aborted) throw error;
      const failure = await toApiError(error, t`Failed to fetch order details`);
      if (failure.status === 404) {
        toast.error(t`Order not found`);
        return null;
      }
      if (failure.error !== 'unauthorized') {
        toast.error(t`Failed to fetch order details`);
        navigate(paths.home, { replace: true });
      }
      throw failure;
    }
  }, []);
  // Leaving the page forgets the last order too (docs/product.md section 4).
  useEffect(() => () => storage.setLastOrderId(null), []);

  // A failure is on its way elsewhere (home, or /login when the session expired): keep showing the wait.
  if (state.status !== 'ready') return <LoadingBlock label={t`Loading your order...`} />;
  const order = state.data;

  if (!order) {
    return (
      <div className="container confirm-page">
        <div className="card confirm-missing">
          <h1 className="page-title">{t`Order Not Found`}</h1>
          <p>{t`We could not find this order. It may belong to another account.`}</p>
          <div className="confirm-actions">
            <Link to={paths.home} className={buttonClass('primary')}>
              {t`Return to Home`}
            </Link>
            <Link to={paths.trackOrders} className={buttonClass('secondary')}>
              {t`Track Orders`}
            </Link>
          </div>
        </div>
      </div>
    );
  }

  const subtotal = orderSubtotal(order);
  return (
    <div className="container confirm-page">
      <header className="confirm-hero">
        <span className="confirm-check" aria-hidden="true">
          <CheckIcon size={32} />
        </span>
        <h1 className="page-title">{t`Order Confirmed`}</h1>
        <p className="confirm-number">
          {t`Order number:`} <strong>#{orderNumber(order._id)}</strong>
        </p>
        <p>{t`Thank you for shopping with us. We have received your order.`}</p>
      </header>

      <div className="confirm-grid">
        <section className="card confirm-panel" aria-labelledby="items-title">
          <h2 id="items-title">{t`Order Items`}</h2>
          <OrderLines lines={order.products} answerFor={{ orderId: order._id, onAnswered: replace }} />
          <dl className="order-totals">
            <div>
              <dt>{order.packedAt ? t`Ordered` : t`Subtotal`}</dt>
              <dd>{formatMoney(subtotal)}</dd>
            </div>
            {order.packedAt ? (
              <div>
                <dt>{t`Packed (final amount)`}</dt>
                <dd>{formatMoney(order.finalAmount)}</dd>
              </div>
            ) : null}
            <div>
              <dt>{t`Delivery`}</dt>
              <dd>{order.deliveryFee === null ? t`Negotiable` : order.deliveryFee === 0 ? t`Free` : formatMoney(order.deliveryFee)}</dd>
            </div>
            <div className="order-total">
              <dt>{t`Total`}</dt>
              <dd>{formatMoney(order.total)}</dd>
            </div>
          </dl>
        </section>
        <DeliveryPanel order={order} />
        <TimelinePanel order={order} />
        <PaymentPanel order={order} config={config} />
        <MomoPayment order={order} onChanged={replace} />
        <NextStepsPanel order={order} />
      </div>

      <div className="confirm-actions">
        <Link to={paths.home} className={buttonClass('secondary')}>
          {t`Return to Home`}
        </Link>
        <Link to={paths.products} className={buttonClass('primary')}>
          {t`Continue Shopping`}
        </Link>
        <Link to={paths.trackOrders} className={buttonClass('secondary')}>
          {t`Track Orders`}
        </Link>
      </div>

      <section className="card confirm-support" aria-labelledby="support-title">
        <h2 id="support-title">{t`Need help with your order?`}</h2>
        <p>
          <PhoneIcon size={16} aria-hidden="true" /> {t`Call us:`}{' '}
          {config ? <a href={`tel:${config.supportPhone.replace(/\s/g, '')}`}>{config.supportPhone}</a> : '…'}
        </p>
        <p>
          <MailIcon size={16} aria-hidden="true" /> {t`Email us:`}{' '}
          {config ? <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a> : '…'}
        </p>
      </section>
    </div>
  );
}

export default function OrderConfirmationPage() {
  useDocumentTitle(t`Order Confirmation`);
  return (
    <RequireLogin>
      <OrderConfirmation />
    </RequireLogin>
  );
}
