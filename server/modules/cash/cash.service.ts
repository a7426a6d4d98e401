// Each rider's cash. A running account per rider (rider_cash: cash in hand, variance) that a
// collection and a handover change under the row's lock, and every entry behind it
// (rider_cash_entries), so the two always agree and two instances never lose a franc between them.
// Cash comes in when dispatch records what a rider collected at a door (recordCollected, in its
// transaction); it goes out when staff count a rider's cash (startHandover) and the rider confirms the
// count with the code sent to their phone (confirmHandover): what was counted is handed over, what is
// missing stays as the rider's variance with the note that explains it, never as cash in hand.
import { sql, type Selectable, type Transaction } from 'kysely';
import type { Database, RiderHandoversTable } from '../../db/schema';
import { runInBackground } from '../../lib/background';
import { nowOf, type Actor, type ShopDeps } from '../../lib/deps';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { formatFrw, toFrw, toMinor } from '../../lib/money';
import { orderNumber } from '../../lib/order-number';
import { newSixDigitCode, sha256 } from '../../lib/secrets';
import type { CashSummary, Handover, HandoverInput, LedgerEntry, LedgerReply } from './cash.schema';

type Db = ShopDeps['db'] | Transaction<Database>;
type Trx = Transaction<Database>;

/** A handover waits this long for the rider's code, and takes this many wrong codes. */
export const HANDOVER_CODE_MINUTES = 30;
export const HANDOVER_CODE_TRIES = 5;
const WRONG_HANDOVER_CODE = "The code is wrong or has expired: ask the rider for the code they received, or count again";

/** Who recorded an entry, as the ledger names them. */
export interface CashActor {
  id: string | null;
  name: string;
}

/** The rider's account row, made on their first collection; locked until the caller's transaction ends. */
async function lockAccount(trx: Trx, riderId: string) {
  await trx.insertInto('rider_cash').values({ rider_id: riderId }).onConflict((oc) => oc.column('rider_id').doNothing()).execute();
  return trx.selectFrom('rider_cash').selectAll().where('rider_id', '=', riderId).forUpdate().executeTakeFirstOrThrow();
}

/** Inside dispatch's delivery transaction: the rider took `amountMinor` in cash for the order. */
export async function recordCollected(trx: Trx, collected: { riderId: string; orderId: string; amountMinor: number; by: CashActor }): Promise<void> {
  if (collected.amountMinor <= 0) return;
  await trx
    .insertInto('rider_cash')
    .values({ rider_id: collected.riderId, in_hand_minor: collected.amountMinor })
    .onConflict((oc) => oc.column('rider_id').doUpdateSet({ in_hand_minor: sql<number>`rider_cash.in_hand_minor + ${collected.amountMinor}`, updated_at: new Date() }))
    .execute();
  await trx
    .insertInto('rider_cash_entries')
    .values({ rider_id: collected.riderId, kind: 'collected', order_id: collected.orderId, amount_minor: collected.amountMinor, by_id: collected.by.id, by_name: collected.by.name })
    .execute();
}

/** Cash in hand and variance (minor units) of each rider named; riders who never collected hold nothing. */
export async function cashOf(db: Db, riderIds: readonly string[]): Promise<Map<string, { inHandMinor: number; varianceMinor: number; unexplainedMinor: number }>> {
  const found = new Map(riderIds.map((id) => [id, { inHandMinor: 0, varianceMinor: 0, unexplainedMinor: 0 }]));
  if (!riderIds.length) return found;
  const [accounts, unexplained] = await Promise.all([
    db.selectFrom('rider_cash').selectAll().where('rider_id', 'in', [...riderIds]).execute(),
    db
      .selectFrom('rider_cash_entries')
      .select(['rider_id', sql<number>`coalesce(sum(variance_minor), 0)::bigint`.as('unexplained')])
      .where('rider_id', 'in', [...riderIds])
      .where('variance_minor', '<>', 0)
      .where((eb) => eb.or([eb('note', 'is', null), eb('note', '=', '')]))
      .groupBy('rider_id')
      .execute(),
  ]);
  for (const account of accounts) found.set(account.rider_id, { inHandMinor: account.in_hand_minor, varianceMinor: account.variance_minor, unexplainedMinor: 0 });
  for (const row of unexplained) {
    const entry = found.get(row.rider_id);
    if (entry) entry.unexplainedMinor = Number(row.unexplained);
  }
  return found;
}

/** A rider's cash in hand now (minor units): what the cash limit is checked against. */
export async function cashInHand(db: Db, riderId: string): Promise<number> {
  return (await cashOf(db, [riderId])).get(riderId)?.inHandMinor ?? 0;
}

const summaryOf = (cash: { inHandMinor: number; varianceMinor: number; unexplainedMinor: number }): CashSummary => ({
  cashInHand: toFrw(cash.inHandMinor),
  variance: toFrw(cash.varianceMinor),
  unexplained: toFrw(cash.unexplainedMinor),
});

async function riderOf(db: Db, riderId: string) {
  const rider = await db
    .selectFrom('riders')
    .innerJoin('users', 'users.id', 'riders.user_id')
    .select(['users.id', 'users.full_name', 'users.phone_number'])
    .where('riders.user_id', '=', riderId.trim())
    .executeTakeFirst();
  if (!rider) throw notFound('Rider not found');
  return rider;
}

type HandoverRow = Selectable<RiderHandoversTable>;

function handoverOf(row: HandoverRow, expectedMinor: number, now: Date): Handover {
  const state = row.confirmed_at ? 'confirmed' : row.cancelled_at ? 'cancelled' : new Date(row.expires_at) <= now ? 'expired' : 'waiting';
  return {
    _id: row.id,
    counted: toFrw(row.counted_minor),
    expected: toFrw(expectedMinor),
    variance: toFrw(expectedMinor - row.counted_minor),
    note: row.note,
    state,
    countedBy: row.requested_by_name,
    at: new Date(row.requested_at).toISOString(),
    expiresAt: new Date(row.expires_at).toISOString(),
  };
}

/** The handover waiting for the rider's code, if any (the rider app shows it; the console asks for the code). */
export async function pendingHandoverOf(deps: Pick<ShopDeps, 'db' | 'now'>, riderId: string): Promise<Handover | null> {
  const now = nowOf(deps);
  const row = await deps.db
    .selectFrom('rider_handovers')
    .selectAll()
    .where('rider_id', '=', riderId)
    .where('confirmed_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('requested_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  return handoverOf(row, await cashInHand(deps.db, riderId), now);
}

/** GET /admin/riders/{id}/ledger: the rider's cash now and every entry, newest first. */
export async function riderLedger(deps: ShopDeps, riderId: string, limit = 200): Promise<Omit<LedgerReply, 'success'>> {
  const rider = await riderOf(deps.db, riderId);
  const [cash, pendingHandover, rows] = await Promise.all([
    cashOf(deps.db, [rider.id]),
    pendingHandoverOf(deps, rider.id),
    deps.db.selectFrom('rider_cash_entries').selectAll().where('rider_id', '=', rider.id).orderBy('id', 'desc').limit(limit).execute(),
  ]);
  const entries: LedgerEntry[] = rows.map((row) => ({
    _id: String(row.id),
    kind: row.kind === 'handover' ? 'handover' : 'collected',
    at: new Date(row.created_at).toISOString(),
    orderId: row.order_id,
    orderNumber: row.order_id ? orderNumber(row.order_id) : null,
    amount: toFrw(row.amount_minor),
    expected: row.expected_minor === null ? null : toFrw(row.expected_minor),
    variance: toFrw(row.variance_minor),
    note: row.note,
    by: row.by_name,
  }));
  return { rider: { _id: rider.id, fullName: rider.full_name, phoneNumber: rider.phone_number }, cash: summaryOf(cash.get(rider.id)!), pendingHandover, entries };
}

function noteNeeded(expectedMinor: number, countedMinor: number, riderName: string): AppError {
  const message = `Counted ${formatFrw(countedMinor)}, but ${riderName} holds ${formatFrw(expectedMinor)}: say why in a note`;
  return badRequest(message, [{ msg: message, param: 'note' }], 'note_needed');
}

/**
 * Staff counted `amount` from the rider: the count waits for the rider's confirmation, a 6-digit code
 * sent to their phone (any earlier count still waiting is cancelled). A count that differs from the
 * cash the rider holds needs a note saying why.
 */
export async function startHandover(deps: ShopDeps, staff: Actor, riderId: string, input: HandoverInput): Promise<{ handover: Handover; cash: CashSummary }> {
  const rider = await riderOf(deps.db, riderId);
  if (!rider.phone_number) throw badRequest(`${rider.full_name} has no phone number to send the code to`);
  const countedMinor = toMinor(input.amount);
  const code = newSixDigitCode();
  const now = nowOf(deps);
  const { row, inHandMinor } = await deps.db.transaction().execute(async (trx) => {
    const account = await lockAccount(trx, rider.id);
    if (account.in_hand_minor !== countedMinor && !input.note) throw noteNeeded(account.in_hand_minor, countedMinor, rider.full_name);
    await trx.updateTable('rider_handovers').set({ cancelled_at: now }).where('rider_id', '=', rider.id).where('confirmed_at', 'is', null).where('cancelled_at', 'is', null).execute();
    const row = await trx
      .insertInto('rider_handovers')
      .values({
        id: newId(),
        rider_id: rider.id,
        counted_minor: countedMinor,
        note: input.note ?? null,
        code_hash: sha256(`${rider.id}:${code}`),
        requested_by: staff.id,
        requested_by_name: staff.fullName,
        requested_at: now,
        expires_at: new Date(now.getTime() + HANDOVER_CODE_MINUTES * 60_000),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { row, inHandMinor: account.in_hand_minor };
  });
  const shop = deps.config.shop.shopName;
  runInBackground(deps, 'handover_code', () =>
    deps.notifier.send({
      channel: 'sms',
      recipient: rider.phone_number!,
      subject: `${shop} cash handover`,
      body: `${shop}: ${staff.fullName} counted ${formatFrw(countedMinor)} of cash from you (you hold ${formatFrw(inHandMinor)}). If that is right, give them code ${code}. It works for ${HANDOVER_CODE_MINUTES} minutes.`,
      kind: 'handover_code',
    }),
  );
  deps.log.info('handover_counted', { riderId: rider.id, by: staff.id, counted: countedMinor, inHand: inHandMinor });
  const cash = (await cashOf(deps.db, [rider.id])).get(rider.id)!;
  return { handover: handoverOf(row, inHandMinor, now), cash: summaryOf(cash) };
}

/**
 * The rider's code confirms the count: the counted cash is handed over, the rider holds nothing, and
 * what the count missed (or found over) is the rider's variance, with the count's note. Should the
 * rider have collected more since the count, the count no longer holds: 409, count again. Five wrong
 * codes end the handover.
 */
export async function confirmHandover(deps: ShopDeps, staff: Actor, riderId: string, handoverId: string, code: string): Promise<{ handover: Handover; cash: CashSummary }> {
  const rider = await riderOf(deps.db, riderId);
  const now = nowOf(deps);
  // A try is taken before the code is compared, in one statement, so five tries hold under concurrency.
  const tried = await deps.db
    .updateTable('rider_handovers')
    .set((eb) => ({ wrong_tries: eb('wrong_tries', '+', 1) }))
    .where('id', '=', handoverId.trim())
    .where('rider_id', '=', rider.id)
    .where('confirmed_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .where('expires_at', '>', now)
    .where('wrong_tries', '<', HANDOVER_CODE_TRIES)
    .returning(['code_hash'])
    .executeTakeFirst();
  if (!tried || tried.code_hash !== sha256(`${rider.id}:${code}`)) throw badRequest(WRONG_HANDOVER_CODE, [{ msg: WRONG_HANDOVER_CODE, param: 'code' }], 'invalid_code');
  const done = await deps.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('rider_handovers').selectAll().where('id', '=', handoverId.trim()).forUpdate().executeTakeFirstOrThrow();
    if (row.confirmed_at || row.cancelled_at) throw conflict('This handover is already recorded or was replaced by a new count');
    const account = await lockAccount(trx, rider.id);
    const expectedMinor = account.in_hand_minor;
    const varianceMinor = expectedMinor - row.counted_minor;
    if (varianceMinor !== 0 && !row.note) throw conflict(`${rider.full_name} now holds ${formatFrw(expectedMinor)}, more than when counted: count again`);
    await trx.updateTable('rider_handovers').set({ confirmed_at: now, wrong_tries: 0 }).where('id', '=', row.id).execute();
    await trx
      .updateTable('rider_cash')
      .set({ in_hand_minor: 0, variance_minor: account.variance_minor + varianceMinor, updated_at: now })
      .where('rider_id', '=', rider.id)
      .execute();
    await trx
      .insertInto('rider_cash_entries')
      .values({
        rider_id: rider.id,
        kind: 'handover',
        handover_id: row.id,
        amount_minor: row.counted_minor,
        expected_minor: expectedMinor,
        variance_minor: varianceMinor,
        note: row.note,
        by_id: staff.id,
        by_name: staff.fullName,
      })
      .execute();
    return { row: { ...row, confirmed_at: now }, expectedMinor };
  });
  deps.log.info('handover_confirmed', { riderId: rider.id, by: staff.id, counted: done.row.counted_minor, expected: done.expectedMinor });
  const cash = (await cashOf(deps.db, [rider.id])).get(rider.id)!;
  return { handover: handoverOf(done.row, done.expectedMinor, now), cash: summaryOf(cash) };
}
