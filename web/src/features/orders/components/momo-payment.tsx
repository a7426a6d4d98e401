// An order's MoMo request-to-pay as the shopper follows it: approve on the phone (the order is asked
// for again every few seconds until MTN answers), wait while MTN has not answered (it may still ask
// the phone: never pay another way then), why it failed with "Pay again" (to the number of their
// choice) or the MoMo Pay code, and MTN's transaction id once paid.
import { t } from '@lingui/core/macro';
import { useId, useState } from 'react';
import { mtnMayStillCharge } from '@server/modules/orders/order-lists.schema';
import { MOMO_NUMBER_MESSAGE, payerPhoneField, type Order } from '@server/modules/orders/orders.schema';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { toApiError } from '@web/lib/api-client';
import { knownMessage } from '@web/lib/i18n/known-messages';
import { formatMoney } from '@web/lib/money';
import { localNumber } from '@web/lib/phone';
import { useShopConfig } from '@web/lib/shop-config';
import { useRefreshWhileVisible } from '@web/lib/use-refresh-while-visible';
import { fetchOrder, payOrder } from '../api/orders-api';
import { PAYMENT_MESSAGES } from '../payment-status';

/** Whether MTN may still charge for this order: a request waits for the PIN, or MTN has not answered yet. */
export const momoInFlight = (order: Order) => mtnMayStillCharge(order.momoRequest?.state);

/** Whether "Pay again" fits: a MoMo order, unpaid, not cancelled, its last request over without paying. */
export function canPayAgain(order: Order): boolean {
  if (order.paymentType !== 'momo' || order.paymentStatus === 'completed' || order.status === 'cancelled') return false;
  return !momoInFlight(order);
}

/** Asks MTN again and says what came of it; resolves to the order as it is now (undefined if the call failed). */
async function askAgain(order: Order, payerPhone?: string): Promise<Order | undefined> {
  try {
    const reply = await payOrder(order._id, payerPhone);
    if (reply.success) toast.success(reply.message);
    // MTN has not answered: not a failure yet, and the message says to wait.
    else if (momoInFlight(reply.order)) toast.info(reply.message);
    else toast.error(reply.message);
    return reply.order;
  } catch (error) {
    const failure = await toApiError(error, t`Could not ask MTN MoMo`);
    if (failure.error !== 'unauthorized') toast.error(failure.errors[0]?.message ?? failure.message);
    return undefined;
  }
}

/** "Pay again" in a list of orders: one tap asks the number asked last. */
export function PayAgainButton({ order, onChanged }: { order: Order; onChanged?: (order: Order) => void }) {
  const [busy, setBusy] = useState(false);
  if (!canPayAgain(order)) return null;
  return (
    <Button
      size="sm"
      variant="secondary"
      busy={busy}
      onClick={async () => {
        setBusy(true);
        const now = await askAgain(order);
        setBusy(false);
        if (now) onChanged?.(now);
      }}
    >
      {t`Pay again`}
    </Button>
  );
}

/** The confirmation page's MoMo panel. */
export function MomoPayment({ order, onChanged }: { order: Order; onChanged: (order: Order) => void }) {
  const ids = useId();
  const config = useShopConfig();
  const [phone, setPhone] = useState(() => localNumber(order.momoRequest?.payerPhone ?? order.address?.phoneNumber ?? ''));
  const [phoneError, setPhoneError] = useState('');
  const [busy, setBusy] = useState(false);
  const request = order.momoRequest;

  // MTN answers on the shop's side (its callback, or the shop asking): this page asks the shop again meanwhile.
  useRefreshWhileVisible(async () => {
    try {
      const now = await fetchOrder(order._id);
      if (!now) return;
      if (now.paymentStatus === 'completed' && order.paymentStatus !== 'completed') toast.success(PAYMENT_MESSAGES.success);
      else if (now.momoRequest?.state === 'failed' && request?.state !== 'failed') toast.error(PAYMENT_MESSAGES.failed);
      onChanged(now);
    } catch {
      // The next refresh tries again; an expired session is handled by api-client.
    }
  }, momoInFlight(order));

  if (order.paymentType !== 'momo' && !request) return null;
  const payCode = config ? `${config.payCode} (${config.businessName})` : '…';

  const transactionId = order.momoTransactionId;
  const askedPhone = request ? localNumber(request.payerPhone) : '';
  const amount = formatMoney(order.total);
  const reason = order.paymentFailureReason;
  let body;
  if (order.paymentStatus === 'completed') {
    body = (
      <p className="momo-state momo-paid">
        {t`Paid by MoMo.`}
        {transactionId ? ` ${t`MoMo transaction ${transactionId}.`}` : ''}
      </p>
    );
  } else if (request?.state === 'waiting') {
    body = (
      <p className="momo-state momo-waiting" role="status">
        {t`Approve the payment on your phone: MTN MoMo asked ${askedPhone} for ${amount}. Enter your MoMo PIN there; this page updates by itself.`}
      </p>
    );
  } else if (request?.state === 'unconfirmed') {
    // MTN may hold the request and ask the phone later: the code would be a second payment.
    body = (
      <p className="momo-state momo-unconfirmed" role="status">
        {t`MTN MoMo has not answered yet, so its request to ${askedPhone} for ${amount} may still come. If your phone asks for your MoMo PIN, approve it, and do not pay another way: this page updates by itself when MTN answers.`}
      </p>
    );
  } else {
    body = (
      <p className="momo-state momo-failed" role="alert">
        {reason ? t`MoMo payment failed: ${reason}.` : t`No MoMo payment was made yet.`} {t`Pay again below, or pay ${amount} with MoMo Pay code ${payCode}.`}
      </p>
    );
  }

  return (
    <section className="card confirm-panel momo-panel" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{t`Pay now with MoMo`}</h2>
      {body}
      {canPayAgain(order) ? (
        <form
          className="momo-pay-again"
          onSubmit={async (event) => {
            event.preventDefault();
            // The server's own field and message: refused here before anything is sent.
            if (!payerPhoneField.safeParse(phone).success) {
              setPhoneError(knownMessage(MOMO_NUMBER_MESSAGE));
              return;
            }
            setPhoneError('');
            setBusy(true);
            const now = await askAgain(order, phone.trim() || undefined);
            setBusy(false);
            if (now) onChanged(now);
          }}
        >
          <label className="field-label" htmlFor={`${ids}-phone`}>
            {t`MoMo number`}
          </label>
          <div className="momo-pay-again-row">
            <input
              id={`${ids}-phone`}
              className="input"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
              aria-invalid={phoneError ? true : undefined}
              aria-describedby={phoneError ? `${ids}-phone-error` : undefined}
            />
            <Button type="submit" busy={busy}>
              {t`Pay again`}
            </Button>
          </div>
          {phoneError ? (
            <p id={`${ids}-phone-error`} className="field-error">
              {phoneError}
            </p>
          ) : null}
        </form>
      ) : null}
    </section>
  );
}
