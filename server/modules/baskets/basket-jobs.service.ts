// The shop's weekly work on baskets, as two jobs every instance runs (lib/jobs.ts):
//
// placeDueBaskets: at 18:00 Kigali the evening before a basket's delivery (or as soon as an instance
// runs after it, a restart included), its order is placed: the lines that sell today at today's
// prices (a product short that day shared fairly among the day's baskets, basket-shares.ts), the shopper's address, the basket's window (or, if that one is full, another of the same
// day). A window that can no longer be booked (the restart came too late, the cut-off passed) skips
// the week and says so. Each basket is claimed by one instance (claimed_until, FOR UPDATE SKIP
// LOCKED); the week's outcome is one row per basket and week, in the transaction that places the
// order, and the order carries its basket and week under a unique index: one order per basket per week.
//
// A week a rule refuses (a MoMo basket whose number MTN cannot ask, ...) is recorded as not placed,
// with why, in that same run: the shopper is texted, the console shows it, and it is not tried again
// (an error of the shop's own, a lost database, leaves the week to the next run instead).
//
// sendBasketTexts: the text each week's outcome owes the shopper ("Tomorrow 08:00-10:00: your weekly
// basket, frw 12,400.00. To skip it, dial *384*4766#"), claimed the same way, sent once.
import type { Selectable, Transaction } from 'kysely';
import type { BasketsTable, Database } from '../../db/schema';
import { inTransaction } from '../../db/changes';
import { runInBackground } from '../../lib/background';
import { nowOf, type ShopDeps } from '../../lib/deps';
import { isAppError } from '../../lib/errors';
import { effectivePrice, formatFrw, toMinor } from '../../lib/money';
import { localPhone, normalizePhone } from '../../lib/phone';
import { isAheadEnough, slotsOfDay, windowLabel, type Schedule, type Slot } from '../delivery/delivery-windows';
import { readSchedule, WINDOW_UNAVAILABLE } from '../delivery/delivery.service';
import { addDays, weekOf } from '../delivery/kigali-time';
import { windowWords } from '../delivery/window-words';
import { languageOr, type Language } from '../../lib/languages';
import { notifyOrder } from '../orders/order-notices';
import { placeOrderIn, type OrderAgainLine } from '../orders/orders.service';
import { MOMO_NUMBER_MESSAGE } from '../orders/orders.schema';
import { startMomoPayment } from '../payments/payments.service';
import { basketSlot, placeAt } from './basket-calendar';
import { basketText, type BasketOutcome } from './basket-texts';
import { basketShares } from './basket-shares';
import { countsNow } from '../stock/stock.service';
import { countText, quantityWithUnit } from '../../lib/units';

type BasketRow = Selectable<BasketsTable>;

/** Longer than placing one basket's order: a claim this old belongs to an instance that died. */
const CLAIM_MS = 2 * 60 * 1000;
const REASON_WORDS: Record<Language, { out: string; gone: string; of: string }> = {
  en: { out: 'out of stock', gone: 'no longer sold', of: 'of' },
  rw: { out: 'byashize', gone: 'ntibikigurishwa', of: 'kuri' }, // REVIEW
  fr: { out: 'en rupture', gone: 'plus vendu', of: 'sur' },
};

/** Who hears of it and in which language: the shopper's proven phone, else the address's, else their e-mail. */
async function audienceOf(trx: Transaction<Database>, basket: BasketRow, addressPhone: string | null): Promise<{ recipient: string | null; language: Language }> {
  const user = await trx.selectFrom('users').select(['phone_number', 'email']).where('id', '=', basket.user_id).executeTakeFirst();
  const phone = user?.phone_number ?? (addressPhone ? normalizePhone(addressPhone) : null);
  if (!phone) return { recipient: user?.email ?? null, language: 'en' };
  const chosen = await trx.selectFrom('conversation_phones').select('language').where('phone_number', '=', phone).executeTakeFirst();
  return { recipient: phone, language: languageOr(chosen?.language) };
}

/** A line stock had fewer of than the basket wants: its share of what was left that day. */
export interface CutLine {
  name: string;
  got: number;
  wanted: number;
  unit: string;
}

/**
 * The basket's lines as they sell today: the ones to order, the ones left out (named), and those
 * stock could give only part of. A product that keeps a count is shared among the day's baskets
 * (basket-shares.ts); its stock row stays locked until this basket's order is placed.
 */
async function linesToday(trx: Transaction<Database>, basket: BasketRow, week: string) {
  const basketId = basket.id;
  const rows = await trx
    .selectFrom('basket_lines as line')
    .leftJoin('products as product', 'product.id', 'line.product_id')
    .leftJoin('categories as category', 'category.id', 'product.category_id')
    .select(['line.product_id', 'line.product_name', 'line.quantity', 'product.name', 'product.unit', 'product.price_minor', 'product.offer_price_minor', 'product.in_stock', 'product.hidden', 'category.hidden as category_hidden'])
    .where('line.basket_id', '=', basketId)
    .orderBy('line.position')
    .execute();
  const forSale = rows.filter((row) => row.price_minor !== null && !row.hidden && !row.category_hidden && row.in_stock);
  const left = await countsNow(trx, forSale.map((row) => row.product_id), { lock: true });
  const shares = await basketShares(trx, { id: basketId, date: basket.next_delivery, week }, left);
  const order: (OrderAgainLine & { priceMinor: number })[] = [];
  const leftOut: { name: string; gone: boolean }[] = [];
  const cut: CutLine[] = [];
  for (const row of rows) {
    const name = row.name ?? row.product_name;
    const quantity = shares.get(row.product_id) ?? row.quantity;
    if (row.price_minor === null || row.hidden || row.category_hidden) leftOut.push({ name, gone: true });
    else if (!row.in_stock || quantity <= 0) leftOut.push({ name, gone: false });
    else {
      if (quantity < row.quantity) cut.push({ name, got: quantity, wanted: row.quantity, unit: row.unit ?? 'unit' });
      order.push({ productId: row.product_id, quantity, name, priceMinor: effectivePrice(row.price_minor, row.offer_price_minor) });
    }
  }
  return { order, leftOut, cut };
}

/** The address it goes to: the basket's, else the shopper's default, else their first. */
async function addressFor(trx: Transaction<Database>, basket: BasketRow) {
  const addresses = await trx.selectFrom('addresses').select(['id', 'is_default', 'phone_number']).where('user_id', '=', basket.user_id).orderBy('created_at').execute();
  return addresses.find((one) => one.id === basket.address_id) ?? addresses.find((one) => one.is_default) ?? addresses[0];
}

/** The windows of that day to try, the basket's first, then the nearest others that can still be booked. */
function windowsToTry(schedule: Schedule, date: string, wanted: Slot, now: Date): Slot[] {
  const others = slotsOfDay(schedule, date)
    .filter((slot) => slot.id !== wanted.id && isAheadEnough(schedule, slot, now))
    .sort((a, b) => Math.abs(a.from - wanted.from) - Math.abs(b.from - wanted.from));
  return [wanted, ...others];
}

interface Outcome {
  outcome: BasketOutcome;
  orderId?: string;
  paidByMomo?: boolean;
  slot?: Slot;
  totalMinor?: number;
  leftOut?: { name: string; gone: boolean }[];
  cut?: CutLine[];
  addressPhone?: string | null;
  /** Why a rule refused the week's order (kept for the console). */
  reason?: string;
  /** The number MoMo would have asked (a refused MoMo number, named in the text). */
  payerPhone?: string | null;
}

/** This week's delivery of the basket, in the caller's transaction: placed, or why not. */
async function deliverWeek(trx: Transaction<Database>, deps: ShopDeps, schedule: Schedule, basket: BasketRow, week: string, now: Date): Promise<Outcome> {
  const date = basket.next_delivery;
  if (basket.skip_week === week) return { outcome: 'skipped' };
  const wanted = basketSlot(schedule, date, basket.window_start_minutes);
  // Too late to deliver it as the shop promises (an instance down over the evening, a schedule change).
  if (!wanted || !isAheadEnough(schedule, wanted, now)) return { outcome: 'missed', slot: wanted };
  // The shopper's row first, as placing any order takes it before stock rows: a web order of theirs meanwhile waits here, never in a circle.
  await trx.selectFrom('users').select('id').where('id', '=', basket.user_id).forUpdate().execute();
  const { order: lines, leftOut, cut } = await linesToday(trx, basket, week);
  if (!lines.length) return { outcome: 'nothing', slot: wanted, leftOut };
  const address = await addressFor(trx, basket);
  if (!address) return { outcome: 'no_address', slot: wanted };
  const momo = basket.payment_type === 'momo' && Boolean(deps.config.momo);
  // A basket made before it kept its number: MoMo asks the address's phone, as an order's would.
  const payerPhone = momo ? (basket.payer_phone ?? address.phone_number) : null;
  for (const slot of windowsToTry(schedule, date, wanted, now)) {
    try {
      const { order } = await placeOrderIn(trx, deps, basket.user_id, {
        addressId: address.id,
        paymentType: momo ? 'momo' : 'cash',
        ...(payerPhone ? { payerPhone } : {}),
        deliveryWindowId: slot.id,
        idempotencyKey: `basket:${basket.id}:${week}`,
        channel: 'basket',
        lines,
        basket: { id: basket.id, week },
      });
      return { outcome: 'placed', orderId: order._id, paidByMomo: momo, slot, totalMinor: toMinor(order.amount), leftOut, cut, addressPhone: address.phone_number };
    } catch (error) {
      // That window filled up: the next one of the day.
      if (isAppError(error) && error.code === WINDOW_UNAVAILABLE) continue;
      // A rule refused the order (placeOrderIn refuses before it writes): the week is recorded as
      // not placed, with why, and not tried again. Anything else is this run's failure.
      if (isAppError(error)) return refused(error.message, wanted, address.phone_number, payerPhone);
      throw error;
    }
  }
  return { outcome: 'full', slot: wanted };
}

/** A week a rule refused: a MoMo number MTN cannot ask has its own text; any other rule, the general one. */
function refused(reason: string, slot: Slot, addressPhone: string | null, payerPhone: string | null): Outcome {
  return { outcome: reason === MOMO_NUMBER_MESSAGE ? 'no_payer' : 'refused', slot, reason, addressPhone, payerPhone };
}

function textFor(deps: ShopDeps, basket: BasketRow, schedule: Schedule, result: Outcome, language: Language, now: Date): string | undefined {
  const words = windowWords(language);
  const nextDate = addDays(basket.next_delivery, 7);
  const nextSlot = basketSlot(schedule, nextDate, basket.window_start_minutes);
  const reasons = REASON_WORDS[language];
  return basketText(language, result.outcome, {
    shop: deps.config.shop.shopName,
    when: result.slot ? windowLabel(result.slot, now, words) : words.day(basket.next_delivery),
    next: nextSlot ? windowLabel(nextSlot, now, words) : words.day(nextDate),
    total: formatFrw(result.totalMinor ?? 0),
    leftOut: (result.leftOut ?? []).map((line) => `${line.name} (${line.gone ? reasons.gone : reasons.out})`).join(', '),
    cut: (result.cut ?? []).map((line) => `${line.name} ${countText(line.got)} ${reasons.of} ${quantityWithUnit(line.wanted, line.unit, language)}`).join(', '),
    code: deps.config.shop.ussdServiceCode,
    payer: result.payerPhone ? localPhone(result.payerPhone) : '',
  });
}

/** One claimed basket: its due week delivered (or not), recorded, and the basket moved on a week. */
async function runBasket(deps: ShopDeps, schedule: Schedule, basketId: string, now: Date): Promise<Outcome | undefined> {
  return inTransaction(deps, async ({ trx }) => {
    const basket = await trx.selectFrom('baskets').selectAll().where('id', '=', basketId).forUpdate().executeTakeFirst();
    // Stopped, paused or changed since the claim: nothing due now.
    if (!basket || basket.paused || new Date(basket.next_due_at).getTime() > now.getTime()) {
      if (basket) await trx.updateTable('baskets').set({ claimed_until: null }).where('id', '=', basketId).execute();
      return undefined;
    }
    const week = weekOf(basket.next_delivery);
    const done = await trx.selectFrom('basket_runs').select('outcome').where('basket_id', '=', basket.id).where('week', '=', week).executeTakeFirst();
    // A week has one delivery: a day changed after this week's was placed waits for next week.
    const result: Outcome = done ? { outcome: 'skipped' } : await deliverWeek(trx, deps, schedule, basket, week, now);
    if (!done) {
      const audience = await audienceOf(trx, basket, result.addressPhone ?? null);
      const message = textFor(deps, basket, schedule, result, audience.language, now) ?? null;
      await trx
        .insertInto('basket_runs')
        .values({
          basket_id: basket.id,
          week,
          delivery_date: basket.next_delivery,
          outcome: result.outcome,
          order_id: result.orderId ?? null,
          reason: result.reason ?? null,
          message,
          recipient: message ? audience.recipient : null,
          created_at: now,
        })
        .execute();
    }
    const next = addDays(basket.next_delivery, 7);
    await trx
      .updateTable('baskets')
      .set({ next_delivery: next, next_due_at: placeAt(next), skip_week: basket.skip_week === week ? null : basket.skip_week, claimed_until: null, updated_at: now })
      .where('id', '=', basket.id)
      .execute();
    return result;
  });
}

/** Claims the baskets due now (this instance's, for a while) and places each one's week. */
export async function placeDueBaskets(deps: ShopDeps, { limit = 20 } = {}): Promise<number> {
  const now = nowOf(deps);
  const claimed = await deps.db
    .updateTable('baskets')
    .set({ claimed_until: new Date(now.getTime() + CLAIM_MS) })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('baskets')
        .select('id')
        .where('paused', '=', false)
        .where('next_due_at', '<=', now)
        .where((inner) => inner.or([inner('claimed_until', 'is', null), inner('claimed_until', '<', now)]))
        .orderBy('next_due_at')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning('id')
    .execute();
  if (!claimed.length) return 0;
  const schedule = await readSchedule(deps);
  let handled = 0;
  for (const { id } of claimed) {
    try {
      const result = await runBasket(deps, schedule, id, now);
      if (!result) continue;
      handled += 1;
      if (result.orderId) {
        const orderId = result.orderId;
        runInBackground(deps, 'order_notice', () => notifyOrder(deps, orderId, 'placed'));
        if (result.paidByMomo) runInBackground(deps, 'momo_request', async () => void (await startMomoPayment(deps, orderId, { firstOnly: true })));
      }
    } catch (error) {
      // A failure of the shop's own (a rule's refusal is recorded as the week's outcome instead): its
      // claim runs out and another run tries again; the week's row and the unique index keep it to one order.
      deps.log.error('basket_failed', { basketId: id, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  // The texts these weeks owe go now, not at the texts job's next turn: a week not placed is news at once.
  if (handled) await sendBasketTexts(deps);
  return handled;
}

/** Sends the texts the weeks' outcomes owe, each claimed by one instance and marked sent once the outbox has it. */
export async function sendBasketTexts(deps: ShopDeps, { limit = 50 } = {}): Promise<number> {
  const now = nowOf(deps);
  const claimed = await deps.db
    .updateTable('basket_runs')
    .set({ text_claimed_until: new Date(now.getTime() + CLAIM_MS) })
    .where(({ eb, refTuple, selectFrom }) =>
      eb(
        refTuple('basket_id', 'week'),
        'in',
        selectFrom('basket_runs')
          .select(['basket_id', 'week'])
          .where('message', 'is not', null)
          .where('texted_at', 'is', null)
          .where((inner) => inner.or([inner('text_claimed_until', 'is', null), inner('text_claimed_until', '<', now)]))
          .orderBy('created_at')
          .limit(limit)
          .forUpdate()
          .skipLocked()
          .$asTuple('basket_id', 'week'),
      ),
    )
    .returning(['basket_id', 'week', 'message', 'recipient'])
    .execute();
  for (const run of claimed) {
    if (run.message && run.recipient) {
      const channel = run.recipient.includes('@') ? 'email' : 'sms';
      await deps.notifier.send({ channel, recipient: run.recipient, subject: 'Your weekly basket', body: run.message, kind: 'basket' });
    }
    await deps.db.updateTable('basket_runs').set({ texted_at: now, text_claimed_until: null }).where('basket_id', '=', run.basket_id).where('week', '=', run.week).execute();
  }
  return claimed.length;
}

