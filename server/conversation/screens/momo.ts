// MoMo request-to-pay from a conversation: after placing an order ("Pay now with MoMo") and from an
// order's screen ("Pay again"). On USSD the session must end first: MTN's PIN prompt arrives on the
// phone as a session of its own, so the request goes out after this reply and the screen says to
// approve on the phone; if MTN then refuses, the shopper is told by SMS to pay with the code, and if
// MTN does not answer, to approve if the phone asks and wait. Chat and WhatsApp wait for MTN's answer
// (at most 10 s) and say which it was: the code is offered only once MTN has said no.
import { runInBackground } from '../../lib/background';
import { formatFrw, toMinor } from '../../lib/money';
import { localPhone } from '../../lib/phone';
import { mtnMayStillCharge } from '../../modules/orders/order-lists.schema';
import { momoPayerNumber, orderNumber, type Order } from '../../modules/orders/orders.schema';
import { startMomoPayment, type StartMomoOptions } from '../../modules/payments/payments.service';
import type { Outcome, ScreenContext } from '../types';
import { windowText } from './delivery-time';
import { accountId } from './helpers';

/** The caller's own number, when MoMo Rwanda can ask it (the phone in their hand); else the order's. */
export function callerPayerPhone(ctx: ScreenContext): string | undefined {
  return ctx.session.phone ? momoPayerNumber(ctx.session.phone) : undefined;
}

/** Whether this shop offers MoMo request-to-pay at all. */
export const momoOffered = (ctx: ScreenContext) => Boolean(ctx.deps.config.momo);

/** Whether "Pay again" fits this order now: MoMo, unpaid, not cancelled, no request in flight. */
export function canPayAgain(ctx: ScreenContext, order: Order): boolean {
  if (!momoOffered(ctx) || order.paymentType !== 'momo' || order.paymentStatus === 'completed' || order.status === 'cancelled') return false;
  return !mtnMayStillCharge(order.momoRequest?.state);
}

/**
 * Asks MTN for the order's payment, and the words that end the conversation. `placed` words it as
 * the checkout's end (the order number and total first).
 */
export async function askMomo(ctx: ScreenContext, order: Order, options: { placed: boolean; firstOnly?: boolean }): Promise<Outcome> {
  const ask: StartMomoOptions = { userId: accountId(ctx), payerPhone: callerPayerPhone(ctx), firstOnly: options.firstOnly };
  const words = {
    number: orderNumber(order._id),
    total: formatFrw(toMinor(order.finalAmount)),
    code: ctx.deps.config.shop.payCode,
    business: ctx.deps.config.shop.businessName,
    window: order.deliveryWindow ? windowText(ctx, order.deliveryWindow) : '',
  };
  const approve = (phone: string) =>
    ctx.t(options.placed ? 'checkout.placedMomo' : 'momo.requested', { ...words, phone: localPhone(phone) });
  const end = (text: string): Outcome => ({ type: 'end', text, ...(options.placed ? { order: { id: order._id, number: words.number }, cartChanged: true } : {}) });
  // The session holds the phone's line (USSD): MTN's PIN prompt can reach the phone only once it ends.
  if (ctx.channel.holdsLine) {
    runInBackground(ctx.deps, 'momo_request', async () => {
      await startMomoPayment(ctx.deps, order._id, ask);
    });
    return end(approve(ask.payerPhone ?? order.momoRequest?.payerPhone ?? order.address.phoneNumber));
  }
  const { order: asked } = await startMomoPayment(ctx.deps, order._id, ask);
  const phone = localPhone(asked.momoRequest?.payerPhone ?? '');
  // Said as the order now stands (a retried Confirm finds the first request's outcome).
  if (asked.paymentStatus === 'completed') return end(ctx.t('momo.paid', words));
  if (asked.momoRequest?.state === 'waiting') return end(approve(phone));
  if (asked.momoRequest?.state === 'unconfirmed') return end(ctx.t(options.placed ? 'checkout.placedMomoUnconfirmed' : 'momo.unconfirmed', { ...words, phone }));
  return end(ctx.t(options.placed ? 'checkout.placedMomoFailed' : 'momo.notSent', words));
}
