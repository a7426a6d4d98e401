// MoMo request-to-pay for orders. A request is written (one per order in flight: a unique index)
// and the order locked in one transaction; MTN is asked after it commits; the answer is recorded in
// another. The result is learnt from MTN's status endpoint only: a callback merely says "ask now",
// since anyone can post one and MTN sends it once, never again. Requests whose result is not known
// are asked about again by the job (checkDueMomoRequests), first after about 5 s, then backing off
// to once a minute, for as long as MTN keeps them open; each check is claimed by one instance. A
// callback names its request by the reference id in its address (MOMO_CALLBACK_PATH/{referenceId},
// known only to MTN and the shop), and makes at most MOST_CALLBACK_CHECKS checks of its own.
//
// Never two charges for one order: no request while one is in flight or after the order is paid;
// the order's row lock orders a double click, a retried request and two instances one after the
// other, and the unique index would refuse a second in-flight request anyway. A request MTN may or
// may not have received (a 5xx, no answer) stays in flight until the status endpoint says, and the
// shopper is told meanwhile to approve it if the phone asks, never to pay another way.
//
// The order's payment state is the orders module's: every change to it here goes through
// orders/order-payments.service.ts, inside the transaction that records the request's own change.
import { randomUUID } from 'node:crypto';
import { sql, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { MomoSettings } from '../../config';
import type { Database, MomoRequestsTable } from '../../db/schema';
import { runInBackground } from '../../lib/background';
import type { ShopDeps } from '../../lib/deps';
import { AppError, badRequest } from '../../lib/errors';
import { formatFrw, toMinor } from '../../lib/money';
import { localPhone } from '../../lib/phone';
import { notifyOrder, type NoticeEvent, type NoticeExtras } from '../orders/order-notices';
import { lockOrder, markMomoHeld, markMomoRequested, markMomoUnanswered, momoRequestRefusal, settleMomo, type MomoSettlement } from '../orders/order-payments.service';
import { MOMO_NUMBER_MESSAGE, momoPayerNumber, orderNumber, type Order } from '../orders/orders.schema';
import { MOMO_OFF_MESSAGE, orderWithLines } from '../orders/orders.service';
import { momoAmount } from './momo-amount';
import { amountDueMinor } from '../orders/order-amounts.schema';
import { momoCollections, type MomoCollections, type MomoReason, type RequestToPayBody, type RequestToPaySent, type RequestToPayStatus } from './momo-collections';

export const MOMO_CALLBACK_PATH = '/momo/callback';
/** The first status check, if no callback came first. */
const FIRST_CHECK_SECONDS = 5;
const MOST_SECONDS_BETWEEN_CHECKS = 60;
/** Longer than a call to MTN (10 s at most): a claim this old belongs to an instance that died. */
const CLAIM_SECONDS = 60;
/** A request MTN never acknowledged, and still does not know this long after: it never arrived. */
const NOT_RECEIVED_AFTER_SECONDS = 60;
/**
 * Checks a request's callbacks may make beyond the job's: MTN calls back once, so the rest can only
 * be someone replaying it, and they wait for the job's next check instead of spending the shop's quota.
 */
const MOST_CALLBACK_CHECKS = 2;

type Db = ShopDeps['db'] | Transaction<Database>;
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

/** MTN's reason as staff read it: its code, and its message when it gave one. */
const reasonForStaff = (reason: MomoReason) => (reason.message ? `${reason.code}: ${reason.message}` : reason.code);

/** The number MTN is asked: the one given, else the one asked last, else the delivery phone. 400 when MoMo Rwanda cannot ask it. */
function payerFor(order: Selectable<Database['orders']>, payerPhone: string | undefined): string {
  const deliveryPhone = (typeof order.address === 'string' ? JSON.parse(order.address) : order.address).phoneNumber as string;
  const phone = momoPayerNumber(payerPhone ?? order.momo_payer_phone ?? deliveryPhone);
  if (!phone) throw badRequest(MOMO_NUMBER_MESSAGE, [{ msg: MOMO_NUMBER_MESSAGE, param: 'payerPhone' }]);
  return phone;
}

export type MomoStart =
  /** MTN took the request: the payer's phone is asking for their PIN. */
  | 'waiting'
  /** MTN's answer never came: it may hold the request, so the shopper approves if asked, and waits. */
  | 'unconfirmed'
  /** MTN refused it: nothing is at MTN, and the shopper may pay again or use the MoMo Pay code. */
  | 'refused'
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
  orderId: string;
  request?: { referenceId: string; body: RequestToPayBody };
}

async function createRequest(deps: ShopDeps, settings: MomoSettings, orderId: string, options: StartMomoOptions): Promise<Created> {
  return deps.db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId, options.userId);
    if (options.firstOnly && order.momo_state !== null) return { orderId: order.id };
    const refusal = momoRequestRefusal(order);
    if (refusal) throw new AppError(409, refusal, 'conflict');
    const payer = payerFor(order, options.payerPhone);
    const referenceId = randomUUID();
    const number = orderNumber(order.id);
    const body: RequestToPayBody = {
      // What the order owes now (orders' one rule): the goods and the fee, less anything paid already.
      amount: momoAmount(amountDueMinor(order), settings.currency),
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
    await markMomoRequested(trx, order, { payerPhone: payer, referenceId });
    return { orderId: order.id, request: { referenceId, body } };
  });
}

/** The shopper's SMS and e-mail, after the answer: a slow mail server never holds up a payment. */
function notify(deps: ShopDeps, orderId: string, event: NoticeEvent, extras: NoticeExtras = {}) {
  runInBackground(deps, 'momo_notice', () => notifyOrder(deps, orderId, event, extras));
}

/**
 * Records what MTN answered to the request: taken; refused (nothing at MTN: the payment failed); or
 * not known (MTN may hold it: the order waits on). Returns what the shopper is told, if anything.
 */
async function recordSent(deps: ShopDeps, orderId: string, referenceId: string, sent: RequestToPaySent): Promise<NoticeEvent | undefined> {
  return deps.db.transaction().execute(async (trx) => {
    const request = await trx.selectFrom('momo_requests').selectAll().where('reference_id', '=', referenceId).forUpdate().executeTakeFirstOrThrow();
    // The status check may have settled it already (a callback can outrun MTN's own 202).
    if (request.status !== 'pending') return undefined;
    if (sent.kind === 'accepted') {
      await trx.updateTable('momo_requests').set({ accepted: true, claimed_until: null }).where('reference_id', '=', referenceId).execute();
      return undefined;
    }
    if (sent.kind === 'refused') {
      const reason = `NOT_TAKEN: ${sent.reason}`;
      await trx.updateTable('momo_requests').set({ status: 'failed', failure_reason: reason.slice(0, 500), settled_at: new Date(), claimed_until: null }).where('reference_id', '=', referenceId).execute();
      return (await settleMomo(trx, orderId, { paid: false, failure: 'not_taken', note: `MoMo request-to-pay ${referenceId}: ${reason}` })).notice;
    }
    await trx.updateTable('momo_requests').set({ claimed_until: null }).where('reference_id', '=', referenceId).execute();
    await markMomoUnanswered(trx, orderId);
    return 'momo_unconfirmed';
  });
}

/**
 * Asks MTN to charge the order (a new request, a new reference id): after placeOrder, and for "Pay
 * again". Throws 409 when the order is paid, cancelled or has a request in flight; 404 when it is not
 * the caller's. MTN slow or down (no answer in 10 s, a 5xx): the request stays in flight, since MTN
 * may hold it, and the shopper is told (here and by SMS) to approve it if the phone asks, and to wait.
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
  if (!created.request) return { order: await readOrder(deps, created.orderId), start: 'earlier' };
  const { referenceId, body } = created.request;
  // The reference id in the address lets the callback name its request, which only MTN and the shop know.
  const callbackUrl = deps.config.publicBaseUrl ? `${deps.config.publicBaseUrl}${MOMO_CALLBACK_PATH}/${referenceId}` : undefined;
  const sent = await client.requestToPay(referenceId, body, callbackUrl);
  const notice = await recordSent(deps, created.orderId, referenceId, sent);
  const log = { orderId: created.orderId, referenceId, amount: body.amount, currency: body.currency };
  if (sent.kind === 'accepted') deps.log.info('momo_requested', log);
  // Refused: most likely the shop's MoMo settings (key, callback host, currency); unknown: MTN down or slow.
  else deps.log.warn(sent.kind === 'refused' ? 'momo_refused' : 'momo_unanswered', { ...log, reason: sent.reason });
  if (notice) notify(deps, created.orderId, notice);
  const start: MomoStart = sent.kind === 'accepted' ? 'waiting' : sent.kind === 'refused' ? 'refused' : 'unconfirmed';
  return { order: await readOrder(deps, created.orderId), start };
}

async function readOrder(deps: ShopDeps, orderId: string): Promise<Order> {
  return orderWithLines(deps.db, await deps.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow());
}

/**
 * What the shopper is told of the order's MoMo payment as it stands: approve on the phone; MTN has
 * not answered (approve if asked, never pay another way: MTN may still charge); or, only once MTN has
 * said the request failed or never had it, the reason and the MoMo Pay code.
 */
export function momoStartMessage(deps: ShopDeps, order: Order): string {
  const { payCode, businessName } = deps.config.shop;
  const total = formatFrw(toMinor(order.total));
  const phone = localPhone(order.momoRequest?.payerPhone ?? '');
  if (order.paymentStatus === 'completed') return 'This order is paid.';
  if (order.momoRequest?.state === 'waiting') return `Approve the payment on your phone: MTN MoMo asked ${phone} for ${total}.`;
  if (order.momoRequest?.state === 'unconfirmed') {
    return `MTN MoMo has not answered yet, so its request to ${phone} may still come. If your phone asks for your MoMo PIN, approve it, and do not pay another way: this order shows MTN's answer when it comes.`;
  }
  const why = order.momoRequest ? (order.paymentFailureReason ?? 'The MoMo payment failed') : 'MTN MoMo was not asked for this payment';
  return `${why}. Pay ${total} with MoMo Pay code ${payCode} (${businessName}) instead.`;
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

/** The request's outcome and the order's, in one transaction; then the log and the shopper's notice. */
async function settle(deps: ShopDeps, request: RequestRow, outcome: Updateable<MomoRequestsTable>, settlement: (settled: RequestRow) => MomoSettlement): Promise<void> {
  const done = await deps.db.transaction().execute(async (trx) => {
    const settled = await settleIfPending(trx, request.reference_id, outcome);
    if (!settled) return undefined;
    return { settled, ...(await settleMomo(trx, settled.order_id, settlement(settled))) };
  });
  if (!done) return;
  const log = { orderId: done.order.id, referenceId: request.reference_id };
  if (done.order.momo_state === 'successful') deps.log[done.paidTwice ? 'warn' : 'info'](done.paidTwice ? 'momo_paid_twice' : 'momo_paid', { ...log, transactionId: done.settled.financial_transaction_id });
  else deps.log.info('momo_failed', { ...log, reason: done.settled.failure_reason });
  if (done.notice) notify(deps, done.order.id, done.notice, done.notice === 'momo_paid' ? { charged: `${done.settled.currency} ${done.settled.amount}` } : {});
}

function settleSuccessful(deps: ShopDeps, request: RequestRow, result: Extract<RequestToPayStatus, { kind: 'successful' }>): Promise<void> {
  return settle(deps, request, { status: 'successful', accepted: true, financial_transaction_id: result.financialTransactionId || null }, (settled) => {
    const notes = [`MoMo request-to-pay ${settled.reference_id}: ${settled.currency} ${settled.amount} from ${localPhone(settled.payer_phone)}`];
    if (result.amount && (result.amount !== settled.amount || result.currency !== settled.currency)) notes.push(`MTN reports ${result.currency} ${result.amount}`);
    return { paid: true, transactionId: result.financialTransactionId, note: notes.join('; ') };
  });
}

function settleFailed(deps: ShopDeps, request: RequestRow, reason: MomoReason | 'not_received'): Promise<void> {
  const forStaff = reason === 'not_received' ? 'NOT_RECEIVED: MTN holds no request under this reference id' : reasonForStaff(reason);
  return settle(deps, request, { status: 'failed', failure_reason: forStaff.slice(0, 500) }, (settled) => ({
    paid: false,
    failure: reason === 'not_received' ? 'not_received' : { mtn: reason },
    note: `MoMo request-to-pay ${settled.reference_id}: ${forStaff}`,
  }));
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
    if (updated && known && !request.accepted) await markMomoHeld(trx, updated.order_id);
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

/** Pending requests no instance is checking now. */
const unclaimed = (db: Db) =>
  db
    .selectFrom('momo_requests')
    .select('reference_id')
    .where('status', '=', 'pending')
    .where((row) => row.or([row('claimed_until', 'is', null), row('claimed_until', '<', sql<Date>`now()`)]));

/** Claims the requests due a check, in one statement that other instances skip past (lib/jobs.ts). */
async function claimDue(db: Db, limit: number): Promise<RequestRow[]> {
  return db
    .updateTable('momo_requests')
    .set({ claimed_until: secondsFromNow(CLAIM_SECONDS) })
    .where('reference_id', 'in', unclaimed(db).where('next_check_at', '<=', sql<Date>`now()`).orderBy('next_check_at').limit(limit).forUpdate().skipLocked())
    .returningAll()
    .execute();
}

/** The polling job's run: every request due a check, claimed by this instance. Returns how many were checked. */
export async function checkDueMomoRequests(deps: ShopDeps, { limit = 20 } = {}): Promise<number> {
  const client = momoClient(deps);
  if (!client) return 0;
  const claimed = await claimDue(deps.db, limit);
  // One at a time: a slow MTN holds up this instance's checks, never the shop's requests.
  for (const request of claimed) await checkRequest(deps, client, request);
  return claimed.length;
}

const REFERENCE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type CallbackOutcome =
  /** The shop asked MTN's status endpoint about the request, and recorded the answer. */
  | 'checked'
  /** No request in flight has this reference id (unknown, or settled already): MTN is asked nothing. */
  | 'nothing_pending'
  /** The request's callbacks have had their checks: the job asks MTN on its schedule. */
  | 'checked_enough'
  /** Another instance is asking MTN about it right now. */
  | 'being_checked';

/**
 * MTN's callback for a request, named by the reference id in its address (`externalId`, when the
 * body has one, must be that request's order). Never believed by itself: it only makes the shop ask
 * the status endpoint now, at most MOST_CALLBACK_CHECKS times per request, so a replayed or forged
 * one spends none of the shop's MTN quota beyond that, and an unknown or settled one spends none.
 */
export async function handleMomoCallback(deps: ShopDeps, referenceId: string, externalId?: string): Promise<CallbackOutcome> {
  const client = momoClient(deps);
  if (!client || !REFERENCE_ID.test(referenceId)) return 'nothing_pending';
  const pending = await deps.db.selectFrom('momo_requests').select(['order_id', 'callback_checks']).where('reference_id', '=', referenceId).where('status', '=', 'pending').executeTakeFirst();
  if (!pending || (externalId && externalId !== pending.order_id)) return 'nothing_pending';
  if (pending.callback_checks >= MOST_CALLBACK_CHECKS) return 'checked_enough';
  const claimed = await deps.db
    .updateTable('momo_requests')
    .set((eb) => ({ claimed_until: secondsFromNow(CLAIM_SECONDS), callback_checks: eb('callback_checks', '+', 1) }))
    .where('reference_id', 'in', unclaimed(deps.db).where('reference_id', '=', referenceId).where('callback_checks', '<', MOST_CALLBACK_CHECKS).forUpdate().skipLocked())
    .returningAll()
    .executeTakeFirst();
  // Being checked by an instance right now (that check finds the answer), or the last callback check taken meanwhile.
  if (!claimed) return 'being_checked';
  await checkRequest(deps, client, claimed);
  return 'checked';
}

/**
 * After placeOrder committed a MoMo order: its first request to MTN, and what the placeOrder reply
 * says. The order stands whatever MTN does; a retried placeOrder (same idempotency key) asks nothing new.
 */
export async function requestPaymentForNewOrder(deps: ShopDeps, userId: string, placed: Order): Promise<{ order: Order; message: string }> {
  let order: Order;
  try {
    ({ order } = await startMomoPayment(deps, placed._id, { userId, firstOnly: true }));
  } catch (error) {
    deps.log.error('momo_request_failed', { orderId: placed._id, error: error instanceof Error ? error.message : String(error) });
    // Said as the order now stands: a request that went out before the failure may still be approved.
    order = await readOrder(deps, placed._id).catch(() => placed);
  }
  return { order, message: `Order placed successfully. ${momoStartMessage(deps, order)}` };
}
