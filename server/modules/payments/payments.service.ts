// MoMo request-to-pay for orders. A request is written (one per order in flight: a unique index)
// and the order locked in one transaction; MTN is asked after it commits; the answer is recorded in
// another. The result is learnt from MTN's status endpoint only: a callback merely says "ask now",
// since anyone can post one and MTN sends it once, never again. Requests whose result is not known
// are asked about again by the job (checkDueMomoRequests), first after about 5 s, then backing off
// to once a minute, for as long as MTN keeps them open; each check is claimed by one instance.
//
// Never two charges for one order: no request while one is in flight or after the order is paid;
// the order's row lock orders a double click, a retried request and two instances one after the
// other, and the unique index would refuse a second in-flight request anyway. A request MTN may or
// may not have received (a 5xx, no answer) stays in flight until the status endpoint says.
import { randomUUID } from 'node:crypto';
import { sql, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { MomoSettings } from '../../config';
import type { Database, MomoRequestsTable, OrdersTable } from '../../db/schema';
import { runInBackground } from '../../lib/background';
import type { ShopDeps } from '../../lib/deps';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { formatFrw } from '../../lib/money';
import { localPhone, normalizePhone } from '../../lib/phone';
import { recordOrderChange } from '../orders/order-changes.service';
import { orderNumber, type Order } from '../orders/orders.schema';
import { MOMO_OFF_MESSAGE, PAYER_PHONE_MESSAGE, orderWithLines } from '../orders/orders.service';
import { notifyOrder, type NoticeEvent, type NoticeExtras } from '../orders/order-notices';
import { momoAmount } from './momo-amount';
import { momoCollections, type MomoCollections, type MomoReason, type RequestToPayBody, type RequestToPayStatus } from './momo-collections';
import { NOT_RECEIVED, NOT_TAKEN, reasonForStaff, reasonWords } from './momo-reasons';
import type { MomoRequest } from './payments.schema';

export const MOMO_CALLBACK_PATH = '/momo/callback';
/** The first status check, if no callback came first. */
const FIRST_CHECK_SECONDS = 5;
const MOST_SECONDS_BETWEEN_CHECKS = 60;
/** Longer than a call to MTN (10 s at most): a claim this old belongs to an instance that died. */
const CLAIM_SECONDS = 60;
/** A request MTN never acknowledged, and still does not know this long after: it never arrived. */
const NOT_RECEIVED_AFTER_SECONDS = 60;
/** Who the order's history says made the change. */
const MOMO_ACTOR = 'MTN MoMo';

type Db = ShopDeps['db'] | Transaction<Database>;
type OrderRow = Selectable<OrdersTable>;
type RequestRow = Selectable<MomoRequestsTable>;

/** One client per configuration, so this instance asks MTN for a token once an hour, not per request. */
const clients = new WeakMap<MomoSettings, MomoCollections>();
function momoClient(deps: ShopDeps): MomoCollections | undefined {
  const settings = deps.config.momo;
  if (!settings) return undefined;
  let client = clients.get(settings);
  if (!client) {
    client = momoCollections(settings);
    clients.set(settings, client);
  }
  return client;
}

const secondsFromNow = (seconds: number) => sql<Date>`now() + make_interval(secs => ${seconds})`;
/** 10, 20, 40, then 60 s between checks: `checks` is how many were made. */
const nextCheckIn = (checks: number) => Math.min(MOST_SECONDS_BETWEEN_CHECKS, FIRST_CHECK_SECONDS * 2 ** Math.max(1, checks));

/** MTN refuses apostrophes in its notes and reads at most 160 characters. */
const note = (text: string) => text.replace(/[^A-Za-z0-9 .,:#/-]/g, '').slice(0, 160);

async function lockOrder(trx: Transaction<Database>, orderId: string, userId?: string): Promise<OrderRow> {
  let query = trx.selectFrom('orders').selectAll().where('id', '=', orderId.trim());
  if (userId) query = query.where('user_id', '=', userId);
  const order = await query.forUpdate().executeTakeFirst();
  if (!order) throw notFound('Order not found');
  return order;
}

function recordHistory(trx: Transaction<Database>, orderId: string, from: string, to: string, details: { note: string; transactionId?: string }) {
  return recordOrderChange({ db: trx }, orderId, { kind: 'payment', from, to, note: details.note, momoTransactionId: details.transactionId }, { id: null, name: MOMO_ACTOR });
}

/** Why a new request may not be made for this order now, or undefined when it may. */
function refusalFor(order: OrderRow): string | undefined {
  if (order.payment_status === 'completed') return 'This order is already paid';
  if (order.status === 'cancelled') return 'This order is cancelled';
  if (order.momo_state === 'waiting') {
    return `A MoMo payment request for this order is waiting for approval on ${localPhone(order.momo_payer_phone ?? '')}: approve it, or wait for it to end`;
  }
  if (order.momo_state === 'unconfirmed') return 'The last MoMo payment request for this order has no answer from MTN yet: wait for it to end';
  return undefined;
}

function payerFor(order: OrderRow, payerPhone: string | undefined): string {
  const deliveryPhone = (typeof order.address === 'string' ? JSON.parse(order.address) : order.address).phoneNumber as string;
  const phone = normalizePhone(payerPhone ?? order.momo_payer_phone ?? deliveryPhone);
  if (!/^\+2507\d{8}$/.test(phone)) throw badRequest(PAYER_PHONE_MESSAGE, [{ msg: PAYER_PHONE_MESSAGE, param: 'payerPhone' }]);
  return phone;
}

export type MomoStart =
  /** MTN took the request: the payer's phone is asking for their PIN. */
  | 'waiting'
  /** MTN refused it or did not answer: the shopper is told to pay with the MoMo Pay code instead. */
  | 'not_sent'
  /** placeOrder retried: the order's first request was made before, nothing new was asked. */
  | 'earlier';

export interface StartMomoOptions {
  /** Only the caller's own order (a shopper); staff and the shop itself leave it out. */
  userId?: string;
  payerPhone?: string;
  /** Only when the order never had a request (placeOrder, retried with its idempotency key, asks once). */
  firstOnly?: boolean;
}

interface Created {
  order: OrderRow;
  request?: { referenceId: string; body: RequestToPayBody };
}

async function createRequest(deps: ShopDeps, settings: MomoSettings, orderId: string, options: StartMomoOptions): Promise<Created> {
  return deps.db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId, options.userId);
    if (options.firstOnly && order.momo_state !== null) return { order };
    const refusal = refusalFor(order);
    if (refusal) throw new AppError(409, refusal, 'conflict');
    const payer = payerFor(order, options.payerPhone);
    const referenceId = randomUUID();
    const number = orderNumber(order.id);
    const body: RequestToPayBody = {
      amount: momoAmount(order.amount_minor, settings.currency),
      currency: settings.currency,
      externalId: order.id,
      payer: { partyIdType: 'MSISDN', partyId: payer.slice(1) },
      payerMessage: note(`${deps.config.shop.shopName} order ${number}`),
      payeeNote: note(`Order ${number} ${order.invoice_number}`),
    };
    // Claimed by this instance until MTN's answer is recorded; checked first in FIRST_CHECK_SECONDS.
    await trx
      .insertInto('momo_requests')
      .values({ reference_id: referenceId, order_id: order.id, payer_phone: payer, amount: body.amount, currency: body.currency, next_check_at: secondsFromNow(FIRST_CHECK_SECONDS), claimed_until: secondsFromNow(CLAIM_SECONDS) })
      .execute();
    if (order.payment_status === 'failed') await recordHistory(trx, order.id, 'failed', 'pending', { note: `MoMo request-to-pay sent again to ${localPhone(payer)} (${referenceId})` });
    const updated = await trx
      .updateTable('orders')
      .set({ payment_type: 'momo', payment_status: 'pending', momo_state: 'waiting', momo_payer_phone: payer, payment_failure_reason: null, updated_at: new Date() })
      .where('id', '=', order.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { order: updated, request: { referenceId, body } };
  });
}

/** Records what MTN answered to the request: taken, refused (nothing at MTN), or not known. */
async function recordSent(deps: ShopDeps, orderId: string, referenceId: string, sent: Awaited<ReturnType<MomoCollections['requestToPay']>>): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const request = await trx.selectFrom('momo_requests').selectAll().where('reference_id', '=', referenceId).forUpdate().executeTakeFirstOrThrow();
    // The status check may have settled it already (a callback can outrun MTN's own 202).
    if (request.status !== 'pending') return;
    if (sent.kind === 'accepted') {
      await trx.updateTable('momo_requests').set({ accepted: true, claimed_until: null }).where('reference_id', '=', referenceId).execute();
      return;
    }
    if (sent.kind === 'refused') {
      await trx.updateTable('momo_requests').set({ status: 'failed', failure_reason: sent.reason.slice(0, 500), settled_at: new Date(), claimed_until: null }).where('reference_id', '=', referenceId).execute();
      await trx.updateTable('orders').set({ momo_state: 'failed', payment_failure_reason: NOT_TAKEN.en, updated_at: new Date() }).where('id', '=', orderId).execute();
      return;
    }
    await trx.updateTable('momo_requests').set({ claimed_until: null }).where('reference_id', '=', referenceId).execute();
    await trx.updateTable('orders').set({ momo_state: 'unconfirmed', updated_at: new Date() }).where('id', '=', orderId).where('momo_state', '=', 'waiting').execute();
  });
}

/** The shopper's SMS and e-mail, after the answer: a slow mail server never holds up a payment. */
function notify(deps: ShopDeps, order: OrderRow, event: NoticeEvent, extras: NoticeExtras = {}) {
  runInBackground(deps, 'momo_notice', () => notifyOrder(deps, order.id, event, extras));
}

/**
 * Asks MTN to charge the order (a new request, a new reference id): after placeOrder, and for "Pay
 * again". Throws 409 when the order is paid, cancelled or has a request in flight; 404 when it is not
 * the caller's. MTN down or slow (10 s): the order is unchanged but for a request still in flight,
 * and the shopper is told, here and by SMS, to pay with the MoMo Pay code instead.
 */
export async function startMomoPayment(deps: ShopDeps, orderId: string, options: StartMomoOptions = {}): Promise<{ order: Order; start: MomoStart }> {
  const settings = deps.config.momo;
  const client = momoClient(deps);
  if (!settings || !client) throw badRequest(MOMO_OFF_MESSAGE, [{ msg: MOMO_OFF_MESSAGE, param: 'paymentType' }]);
  const created = await createRequest(deps, settings, orderId, options).catch((error: unknown) => {
    // The unique index of requests in flight: another instance's request for this order won the race.
    if ((error as { code?: unknown }).code === '23505') throw new AppError(409, 'A MoMo payment request for this order is already on its way', 'conflict');
    throw error;
  });
  if (!created.request) return { order: await orderWithLines(deps.db, created.order), start: 'earlier' };
  const { referenceId, body } = created.request;
  const callbackUrl = deps.config.publicBaseUrl ? `${deps.config.publicBaseUrl}${MOMO_CALLBACK_PATH}` : undefined;
  const sent = await client.requestToPay(referenceId, body, callbackUrl);
  await recordSent(deps, created.order.id, referenceId, sent);
  const log = { orderId: created.order.id, referenceId, amount: body.amount, currency: body.currency };
  if (sent.kind === 'accepted') deps.log.info('momo_requested', log);
  else {
    // Refused: most likely the shop's MoMo settings (key, callback host, currency); unknown: MTN down or slow.
    deps.log.warn(sent.kind === 'refused' ? 'momo_refused' : 'momo_unanswered', { ...log, reason: sent.reason });
    notify(deps, created.order, 'momo_unavailable');
  }
  const order = await deps.db.selectFrom('orders').selectAll().where('id', '=', created.order.id).executeTakeFirstOrThrow();
  return { order: await orderWithLines(deps.db, order), start: sent.kind === 'accepted' ? 'waiting' : 'not_sent' };
}

/** What the shopper is told after asking MTN: approve on the phone, or pay with the code instead. */
export function momoStartMessage(deps: ShopDeps, order: Order, start: MomoStart): string {
  const { payCode, businessName } = deps.config.shop;
  if (order.paymentStatus === 'completed') return 'This order is paid.';
  if (start === 'not_sent' || order.momoRequest?.state === 'unconfirmed' || order.momoRequest?.state === 'failed') {
    return `MTN MoMo did not take the payment request. Pay ${formatFrw(Math.round(order.amount * 100))} with MoMo Pay code ${payCode} (${businessName}) instead.`;
  }
  return `Approve the payment on your phone: MTN MoMo asked ${localPhone(order.momoRequest?.payerPhone ?? '')} for ${formatFrw(Math.round(order.amount * 100))}.`;
}

// ---------------------------------------------------------------- results

/**
 * Records a request's outcome only while it is pending: a check that comes second (should two ever
 * race) finds it settled, gets undefined and changes nothing, so the order is paid or failed once.
 */
function settleIfPending(trx: Transaction<Database>, referenceId: string, outcome: Updateable<MomoRequestsTable>) {
  return trx
    .updateTable('momo_requests')
    .set({ ...outcome, settled_at: new Date(), claimed_until: null })
    .where('reference_id', '=', referenceId)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

async function settleSuccessful(deps: ShopDeps, request: RequestRow, result: Extract<RequestToPayStatus, { kind: 'successful' }>): Promise<void> {
  const done = await deps.db.transaction().execute(async (trx) => {
    const settled = await settleIfPending(trx, request.reference_id, { status: 'successful', accepted: true, financial_transaction_id: result.financialTransactionId || null });
    if (!settled) return undefined;
    const order = await lockOrder(trx, settled.order_id);
    const paidBefore = order.payment_status === 'completed';
    const notes = [`MoMo request-to-pay ${settled.reference_id}: ${settled.currency} ${settled.amount} from ${localPhone(settled.payer_phone)}`];
    if (result.amount && (result.amount !== settled.amount || result.currency !== settled.currency)) notes.push(`MTN reports ${result.currency} ${result.amount}`);
    if (paidBefore) notes.push('the order was already paid: refund this payment');
    else if (order.status === 'cancelled') notes.push('the order is cancelled: refund this payment');
    await recordHistory(trx, order.id, order.payment_status, 'completed', { note: notes.join('; '), transactionId: result.financialTransactionId });
    const updated = await trx
      .updateTable('orders')
      .set({
        payment_status: 'completed',
        momo_state: 'successful',
        payment_failure_reason: null,
        updated_at: new Date(),
        ...(paidBefore ? {} : { momo_transaction_id: result.financialTransactionId || null }),
      })
      .where('id', '=', order.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { order: updated, paidBefore, charged: `${settled.currency} ${settled.amount}` };
  });
  if (!done) return;
  deps.log[done.paidBefore ? 'warn' : 'info'](done.paidBefore ? 'momo_paid_twice' : 'momo_paid', { orderId: done.order.id, referenceId: request.reference_id, transactionId: result.financialTransactionId });
  if (!done.paidBefore) notify(deps, done.order, 'momo_paid', { charged: done.charged });
}

async function settleFailed(deps: ShopDeps, request: RequestRow, reason: MomoReason | 'not_received'): Promise<void> {
  const words = reason === 'not_received' ? NOT_RECEIVED.en : reasonWords(reason);
  const forStaff = reason === 'not_received' ? 'NOT_RECEIVED: MTN holds no request under this reference id' : reasonForStaff(reason);
  const done = await deps.db.transaction().execute(async (trx) => {
    const settled = await settleIfPending(trx, request.reference_id, { status: 'failed', failure_reason: forStaff.slice(0, 500) });
    if (!settled) return undefined;
    const order = await lockOrder(trx, settled.order_id);
    // A request that never reached MTN charged no one: the shopper was told to pay with the code then.
    const payerFailed = reason !== 'not_received' && order.payment_status !== 'completed';
    if (payerFailed) await recordHistory(trx, order.id, order.payment_status, 'failed', { note: `MoMo request-to-pay ${settled.reference_id}: ${forStaff}` });
    const updated = await trx
      .updateTable('orders')
      .set({ ...(payerFailed ? { payment_status: 'failed' } : {}), momo_state: 'failed', payment_failure_reason: words, updated_at: new Date() })
      .where('id', '=', order.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { order: updated, payerFailed };
  });
  if (!done) return;
  deps.log.info('momo_failed', { orderId: done.order.id, referenceId: request.reference_id, reason: forStaff });
  if (done.payerFailed) notify(deps, done.order, 'momo_failed');
}

/** Still open at MTN: ask again later, further apart each time. */
async function checkLater(deps: ShopDeps, request: RequestRow, known: boolean): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('momo_requests')
      .set((eb) => ({ checks: eb('checks', '+', 1), next_check_at: secondsFromNow(nextCheckIn(request.checks + 1)), claimed_until: null, ...(known ? { accepted: true } : {}) }))
      .where('reference_id', '=', request.reference_id)
      .where('status', '=', 'pending')
      .returning('order_id')
      .executeTakeFirst();
    // MTN holds the request after all: the payer's phone is asking for the PIN.
    if (updated && known && !request.accepted) {
      await trx.updateTable('orders').set({ momo_state: 'waiting', updated_at: new Date() }).where('id', '=', updated.order_id).where('momo_state', '=', 'unconfirmed').execute();
    }
  });
}

/** Asks MTN where a claimed request stands and records the answer. */
async function checkRequest(deps: ShopDeps, client: MomoCollections, request: RequestRow): Promise<void> {
  const status = await client.status(request.reference_id);
  switch (status.kind) {
    case 'successful':
      return settleSuccessful(deps, request, status);
    case 'failed':
      return settleFailed(deps, request, status.reason);
    case 'pending':
      return checkLater(deps, request, true);
    case 'not_found': {
      const age = (Date.now() - new Date(request.created_at).getTime()) / 1000;
      if (!request.accepted && age >= NOT_RECEIVED_AFTER_SECONDS) return settleFailed(deps, request, 'not_received');
      // MTN said 202 yet does not know it, or it may still be on its way in: not a failure yet.
      if (request.accepted) deps.log.warn('momo_status_not_found', { referenceId: request.reference_id });
      return checkLater(deps, request, false);
    }
    case 'unknown':
      deps.log.warn('momo_status_unanswered', { referenceId: request.reference_id, reason: status.reason });
      return checkLater(deps, request, false);
  }
}

/** Claims requests in one statement that other instances skip past (lib/jobs.ts). */
async function claimRequests(db: Db, which: { due: true; limit: number } | { orderId: string }): Promise<RequestRow[]> {
  return db
    .updateTable('momo_requests')
    .set({ claimed_until: secondsFromNow(CLAIM_SECONDS) })
    .where('reference_id', 'in', (eb) => {
      let pick = eb
        .selectFrom('momo_requests')
        .select('reference_id')
        .where('status', '=', 'pending')
        .where((row) => row.or([row('claimed_until', 'is', null), row('claimed_until', '<', sql<Date>`now()`)]));
      pick = 'orderId' in which ? pick.where('order_id', '=', which.orderId) : pick.where('next_check_at', '<=', sql<Date>`now()`).orderBy('next_check_at').limit(which.limit);
      return pick.forUpdate().skipLocked();
    })
    .returningAll()
    .execute();
}

/** The polling job's run: every request due a check, claimed by this instance. Returns how many were checked. */
export async function checkDueMomoRequests(deps: ShopDeps, { limit = 20 } = {}): Promise<number> {
  const client = momoClient(deps);
  if (!client) return 0;
  const claimed = await claimRequests(deps.db, { due: true, limit });
  // One at a time: a slow MTN holds up this instance's checks, never the shop's requests.
  for (const request of claimed) await checkRequest(deps, client, request);
  return claimed.length;
}

/**
 * MTN's callback for an order (externalId is the order's id): never believed by itself, it only
 * makes the shop ask the status endpoint now about the order's request in flight, if any.
 */
export async function handleMomoCallback(deps: ShopDeps, externalId: string): Promise<'checked' | 'nothing_pending'> {
  const client = momoClient(deps);
  if (!client || !externalId) return 'nothing_pending';
  const claimed = await claimRequests(deps.db, { orderId: externalId });
  for (const request of claimed) await checkRequest(deps, client, request);
  return claimed.length ? 'checked' : 'nothing_pending';
}

/** Every MoMo request made for an order, newest first, for staff. */
export async function momoRequestsOf(db: Db, orderId: string): Promise<MomoRequest[]> {
  const rows = await db.selectFrom('momo_requests').selectAll().where('order_id', '=', orderId).orderBy('created_at', 'desc').execute();
  return rows.map((row) => ({
    referenceId: row.reference_id,
    status: row.status === 'pending' ? (row.accepted ? 'waiting' : 'unconfirmed') : row.status === 'successful' ? 'successful' : 'failed',
    payerPhone: row.payer_phone,
    amount: row.amount,
    currency: row.currency,
    financialTransactionId: row.financial_transaction_id,
    failureReason: row.failure_reason,
    requestedAt: new Date(row.created_at).toISOString(),
    settledAt: row.settled_at ? new Date(row.settled_at).toISOString() : null,
  }));
}

/** Whether an order has a MoMo request in flight (staff must not confirm a pay-code payment meanwhile). */
export async function momoRequestInFlight(db: Db, orderId: string): Promise<boolean> {
  const row = await db.selectFrom('momo_requests').select('reference_id').where('order_id', '=', orderId).where('status', '=', 'pending').executeTakeFirst();
  return Boolean(row);
}

/**
 * After placeOrder committed a MoMo order: its first request to MTN, and what the placeOrder reply
 * says. The order stands whatever MTN does; a retried placeOrder (same idempotency key) asks nothing new.
 */
export async function requestPaymentForNewOrder(deps: ShopDeps, userId: string, placed: Order): Promise<{ order: Order; message: string }> {
  try {
    const { order, start } = await startMomoPayment(deps, placed._id, { userId, firstOnly: true });
    return { order, message: `Order placed successfully. ${momoStartMessage(deps, order, start)}` };
  } catch (error) {
    deps.log.error('momo_request_failed', { orderId: placed._id, error: error instanceof Error ? error.message : String(error) });
    return { order: placed, message: `Order placed successfully. ${momoStartMessage(deps, placed, 'not_sent')}` };
  }
}
