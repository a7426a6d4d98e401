// The delivery fee setting: one row beside the schedule, kept in memory once read and dropped on every
// instance when staff save it (db/kept-copy.ts), as the schedule is. An order is charged the fee the
// shop quotes at the moment it is placed: the copy checkout quoted, unless staff changed it since.
import { type Kysely, type Transaction } from 'kysely';
import { changing } from '../../db/changes';
import { keptCopy } from '../../db/kept-copy';
import type { Database } from '../../db/schema';
import { nowOf, type AuthUser, type ShopDeps } from '../../lib/deps';
import { feeFor, feesReply, feeTableOf, FEE_MODES, type DeliveryFees, type FeeQuote, type FeeRateMinor, type FeeTableMinor, type Place } from './delivery-fees.schema';

type Db = Kysely<Database> | Transaction<Database>;

const FEES_TOPIC = 'delivery-fees';
/** How long a read is kept while every change is heard: only the last resort then. */
const FEES_LIFETIME_MS = 10 * 60_000;

function isRate(value: unknown): value is FeeRateMinor {
  const rate = value as FeeRateMinor;
  return typeof rate === 'object' && rate !== null && typeof rate.district === 'string' && Number.isInteger(rate.fromMinor) && Number.isInteger(rate.feeMinor);
}

async function feesRow(db: Db): Promise<{ table: FeeTableMinor; updatedAt: string }> {
  const row = await db.selectFrom('delivery_fees').selectAll().where('id', '=', 1).executeTakeFirst();
  // The migration writes the row; a database without it is one someone emptied by hand.
  if (!row) throw new Error('The delivery fee row is missing');
  const rates = (typeof row.rates === 'string' ? JSON.parse(row.rates) : row.rates) as unknown[];
  return {
    table: {
      mode: (FEE_MODES as readonly string[]).includes(row.mode) ? (row.mode as FeeTableMinor['mode']) : 'negotiable',
      rates: (Array.isArray(rates) ? rates : []).filter(isRate).map((rate) => ({ ...rate, sector: rate.sector || null })),
      freeFromMinor: row.free_from_minor,
    },
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** The fee setting (db/kept-copy.ts): every checkout reads it; placing an order passes its transaction. */
export const readFees: (deps: Pick<ShopDeps, 'db'>, db?: Db) => Promise<{ table: FeeTableMinor; updatedAt: string }> = keptCopy(FEES_TOPIC, FEES_LIFETIME_MS, feesRow);

/** GET /delivery/fees: the setting in frw, for any visitor. */
export async function getDeliveryFees(deps: ShopDeps) {
  const { table, updatedAt } = await readFees(deps);
  return { fees: feesReply(table), updatedAt };
}

/** PUT /admin/delivery/fees: applies at once on every instance; orders already placed keep their fee. */
export async function saveDeliveryFees(deps: ShopDeps, staff: AuthUser, input: DeliveryFees) {
  const table = feeTableOf(input);
  const row = await changing(deps, FEES_TOPIC, (trx) =>
    trx
      .updateTable('delivery_fees')
      .set({ mode: table.mode, rates: JSON.stringify(table.rates), free_from_minor: table.freeFromMinor, updated_at: nowOf(deps), updated_by: staff.id })
      .where('id', '=', 1)
      .returning('updated_at')
      .executeTakeFirstOrThrow(),
  );
  deps.log.info('delivery_fees_changed', { by: staff.id, mode: table.mode, rates: table.rates.length });
  return { fees: feesReply(table), updatedAt: new Date(row.updated_at).toISOString() };
}

/** The fee an order of `subtotalMinor` to `place` pays now (in `db`, a placing transaction, when given). */
export async function quoteDeliveryFee(deps: Pick<ShopDeps, 'db'>, place: Place, subtotalMinor: number, db?: Db): Promise<FeeQuote> {
  const { table } = await readFees(deps, db);
  return feeFor(table, place, subtotalMinor);
}
