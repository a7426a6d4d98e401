// Sharing stock fairly among the weekly baskets of one delivery day. When the baskets due that day
// want more of a product than there is, each gets a share in proportion to what it wants (whole
// units: an order's quantities are whole), instead of the first basket placed taking everything.
//
// The job places baskets one at a time, each in its own transaction, maybe on several instances.
// Each basket works its share out afresh, with the product's stock row locked (so baskets wanting the
// same product take turns): the day's supply is what is left now plus what that day's baskets placed
// already hold, its demand what every basket of the day wants, placed or not. Every basket sees the
// same supply and demand and the same rule, so the shares add up however the baskets are spread over
// runs and instances; a basket never takes more than is left now.
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

export interface Demand {
  key: string;
  wanted: number;
}

/**
 * Shares `supply` (whole units) among `demands` in proportion to what each wants, never more than it
 * wants: each gets the whole part of its proportional share, and the units left go one each to the
 * largest remainders (ties to the larger demand, then by key, so every run agrees).
 */
export function fairShares(demands: readonly Demand[], supply: number): Map<string, number> {
  const units = Math.max(0, Math.floor(supply));
  const total = demands.reduce((sum, demand) => sum + demand.wanted, 0);
  if (total <= units) return new Map(demands.map((demand) => [demand.key, demand.wanted]));
  const shares = demands.map((demand) => {
    const exact = (demand.wanted * units) / total;
    return { ...demand, share: Math.floor(exact), remainder: exact - Math.floor(exact) };
  });
  let left = units - shares.reduce((sum, one) => sum + one.share, 0);
  const byRemainder = [...shares].sort((a, b) => b.remainder - a.remainder || b.wanted - a.wanted || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  for (const one of byRemainder) {
    if (left <= 0) break;
    if (one.share < one.wanted) {
      one.share += 1;
      left -= 1;
    }
  }
  return new Map(shares.map((one) => [one.key, one.share]));
}

/**
 * This basket's share of each counted product it wants, for the delivery on `date` (the week `week`):
 * `available` is what is left now of each product, its stock row locked by the caller's transaction.
 */
export async function basketShares(
  trx: Transaction<Database>,
  basket: { id: string; date: string; week: string },
  available: ReadonlyMap<string, number>,
): Promise<Map<string, number>> {
  const productIds = [...available.keys()];
  if (!productIds.length) return new Map();
  // What each basket of that day wants: those still to place, and those placed (with what their order holds).
  const wanted = await sql<{ basket_id: string; product_id: string; wanted: number; held: string | null; placed: boolean }>`
    SELECT line.basket_id, line.product_id, line.quantity AS wanted, NULL AS held, false AS placed
    FROM baskets AS basket
    JOIN basket_lines AS line ON line.basket_id = basket.id
    WHERE basket.next_delivery = ${basket.date} AND NOT basket.paused AND basket.skip_week IS DISTINCT FROM ${basket.week}
      AND line.product_id IN (${sql.join(productIds)})
      AND NOT EXISTS (SELECT 1 FROM basket_runs AS done WHERE done.basket_id = basket.id AND done.week = ${basket.week})
    UNION ALL
    SELECT line.basket_id, line.product_id, line.quantity AS wanted,
      (SELECT sum(ordered.quantity) FROM order_lines AS ordered JOIN orders ON orders.id = ordered.order_id
        WHERE ordered.order_id = run.order_id AND ordered.product_id = line.product_id AND orders.status <> 'cancelled') AS held,
      true AS placed
    FROM basket_runs AS run
    JOIN basket_lines AS line ON line.basket_id = run.basket_id
    WHERE run.delivery_date = ${basket.date} AND run.week = ${basket.week} AND run.outcome = 'placed'
      AND line.product_id IN (${sql.join(productIds)})
  `.execute(trx);
  const shares = new Map<string, number>();
  for (const productId of productIds) {
    const rows = wanted.rows.filter((row) => row.product_id === productId);
    const mine = rows.find((row) => row.basket_id === basket.id && !row.placed);
    const left = available.get(productId)!;
    if (!mine) continue;
    const supply = left + rows.reduce((sum, row) => sum + Number(row.held ?? 0), 0);
    const share = fairShares(rows.map((row) => ({ key: row.basket_id, wanted: row.wanted })), supply).get(basket.id) ?? 0;
    shares.set(productId, Math.min(share, Math.floor(left), mine.wanted));
  }
  return shares;
}
