// Riders: the accounts holding the rider role that the shop added (riders: their cash limit), each
// with the stops they carry and the cash they hold (the cash module's). Owners add them by phone: the
// account that has proven the number gets the role, or one is made for it (the owner vouches for the
// number, as the USSD gateway does for a caller).
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { nowOf, type Actor, type ShopDeps } from '../../lib/deps';
import { badRequest, notFound } from '../../lib/errors';
import { toFrw, toMinor } from '../../lib/money';
import { orderNumber } from '../../lib/order-number';
import { normalizePhone } from '../../lib/phone';
import { grantRole } from '../auth/roles.service';
import { cashOf } from '../cash/cash.service';
import { orderDeliveryWindow } from '../delivery/delivery.service';
import { amountDueMinor } from '../orders/order-amounts.schema';
import { ORDER_STATUSES, type OrderStatus } from '../orders/order-lists.schema';
import { findOrCreatePhoneAccount } from '../users/accounts.service';
import type { AddRiderInput, Rider, StopSummary } from './dispatch.schema';

type Db = ShopDeps['db'] | Transaction<Database>;

export const NAME_NEEDED = "No account has this number yet: enter the rider's full name";

/** The statuses of an order still in a rider's round: packed and waiting, or on its way. */
export const OPEN_STATUSES = ['processing', 'shipped'] as const satisfies readonly OrderStatus[];

const statusOf = (value: string): OrderStatus => ((ORDER_STATUSES as readonly string[]).includes(value) ? (value as OrderStatus) : 'processing');

/** Who rides for the shop now: added as riders and still holding the role (an owner may take it away on the Staff page). */
const ridersQuery = (db: Db) =>
  db
    .selectFrom('riders')
    .innerJoin('users', 'users.id', 'riders.user_id')
    .innerJoin('user_roles', (join) => join.onRef('user_roles.user_id', '=', 'riders.user_id').on('user_roles.role', '=', 'rider'))
    .select(['users.id', 'users.full_name', 'users.phone_number', 'riders.cash_limit_minor', 'riders.added_at']);

export type RiderRow = Awaited<ReturnType<ReturnType<typeof ridersQuery>['executeTakeFirstOrThrow']>>;

/** Every rider, by name. */
export const allRiders = (db: Db): Promise<RiderRow[]> => ridersQuery(db).orderBy('users.full_name').orderBy('users.id').execute();

/** A rider by account id, or 404. */
export async function riderById(db: Db, riderId: string): Promise<RiderRow> {
  const rider = await ridersQuery(db).where('riders.user_id', '=', riderId.trim()).executeTakeFirst();
  if (!rider) throw notFound('Rider not found');
  return rider;
}

/** What a stop reads of its order: where it goes, when, and what is owed there (orders/order-amounts.schema.ts). */
export const STOP_ORDER_COLUMNS = [
  'orders.id',
  'orders.status',
  'orders.address',
  'orders.delivery_window_start',
  'orders.delivery_window_end',
  'orders.amount_minor',
  'orders.refused_minor',
  'orders.final_amount_minor',
  'orders.delivery_fee_minor',
  'orders.paid_minor',
] as const;

/** The address an order keeps, as dispatch reads it (the sector when the address records one). */
export function addressOf(value: unknown): { street: string; district: string; sector: string | null; city: string; description: string; phoneNumber: string } {
  const address = (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;
  const text = (field: string) => (typeof address?.[field] === 'string' ? (address[field] as string) : '');
  return { street: text('street'), district: text('district'), sector: text('sector') || null, city: text('city'), description: text('description'), phoneNumber: text('phoneNumber') };
}

/** The open stops of these riders, in round order (the window, then the position staff gave). */
export async function openStopsOf(db: Db, riderIds: readonly string[], now: Date): Promise<Map<string, StopSummary[]>> {
  const byRider = new Map<string, StopSummary[]>(riderIds.map((id) => [id, []]));
  if (!riderIds.length) return byRider;
  const rows = await db
    .selectFrom('rider_stops')
    .innerJoin('orders', 'orders.id', 'rider_stops.order_id')
    .select([
      'rider_stops.rider_id',
      'rider_stops.position',
      'rider_stops.picked_up_at',
      ...STOP_ORDER_COLUMNS,
    ])
    .where('rider_stops.rider_id', 'in', [...riderIds])
    .where('orders.status', 'in', [...OPEN_STATUSES])
    .orderBy(sql`orders.delivery_window_start nulls last`)
    .orderBy('rider_stops.position')
    .execute();
  for (const row of rows) {
    const address = addressOf(row.address);
    byRider.get(row.rider_id)?.push({
      orderId: row.id,
      orderNumber: orderNumber(row.id),
      position: row.position,
      status: statusOf(row.status),
      window: orderDeliveryWindow(row.delivery_window_start, row.delivery_window_end, now),
      place: [address.street, address.sector, address.district].filter(Boolean).join(', '),
      amountDue: toFrw(amountDueMinor(row)),
      pickedUp: row.picked_up_at !== null,
    });
  }
  return byRider;
}

/** Riders as the console lists them: each with their open stops and the cash they hold. */
export async function listRiders(deps: ShopDeps, only?: readonly string[]): Promise<Rider[]> {
  let query = ridersQuery(deps.db).orderBy('users.full_name').orderBy('users.id');
  if (only) {
    if (!only.length) return [];
    query = query.where('riders.user_id', 'in', [...only]);
  }
  const rows = await query.execute();
  const ids = rows.map((row) => row.id);
  const [cash, stops] = await Promise.all([cashOf(deps.db, ids), openStopsOf(deps.db, ids, nowOf(deps))]);
  return rows.map((row) => {
    const held = cash.get(row.id)!;
    return {
      _id: row.id,
      fullName: row.full_name,
      phoneNumber: row.phone_number,
      cashLimit: row.cash_limit_minor === null ? null : toFrw(row.cash_limit_minor),
      cashInHand: toFrw(held.inHandMinor),
      variance: toFrw(held.varianceMinor),
      atCashLimit: row.cash_limit_minor !== null && held.inHandMinor >= row.cash_limit_minor,
      stops: stops.get(row.id) ?? [],
    };
  });
}

/**
 * POST /admin/riders: the account that has proven the number becomes a rider (or one is made for it,
 * with the name given), with the cash limit given. Adding a rider again changes their limit.
 */
export async function addRider(deps: ShopDeps, owner: Actor, input: AddRiderInput): Promise<{ rider: Rider; added: boolean }> {
  const phone = normalizePhone(input.phoneNumber);
  const account = await findOrCreatePhoneAccount(deps, phone, input.fullName);
  if (!account) throw badRequest(NAME_NEEDED, [{ msg: NAME_NEEDED, param: 'fullName' }], 'name_needed');
  const cashLimitMinor = input.cashLimit === null ? null : toMinor(input.cashLimit);
  const added = await deps.db.transaction().execute(async (trx) => {
    const granted = await grantRole({ db: trx }, account._id, 'rider', owner.id);
    const inserted = await trx
      .insertInto('riders')
      .values({ user_id: account._id, cash_limit_minor: cashLimitMinor, added_by: owner.id })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ cash_limit_minor: cashLimitMinor }))
      .returning(sql<boolean>`(xmax = 0)`.as('inserted'))
      .executeTakeFirstOrThrow();
    return granted || Boolean(inserted.inserted);
  });
  deps.log.info(added ? 'rider_added' : 'rider_changed', { riderId: account._id, by: owner.id, cashLimit: cashLimitMinor });
  const [rider] = await listRiders(deps, [account._id]);
  return { rider, added };
}
