// What of an order reached the door, line by line, once it was packed (docs/packing.md): what was
// packed, of the substitute when there is one, at the price packing charged for it; nothing for a
// line left out or a substitute the shopper refused. The door's refusals are valued by it
// (order-delivery.service.ts) and stock sells it when the order is delivered (stock.service.ts
// sellStock), so a short, a heavier bag or a substitute leaves the shelf as packed.
import type { Selectable, Transaction } from 'kysely';
import type { Database, OrderLinesTable } from '../../db/schema';
import { lineMinor } from '../../lib/quantities';
import { answerNow, substitutePriceMinor } from './packing-amounts';

type LineRow = Selectable<OrderLinesTable>;

export interface DeliveredLine {
  /** The product that went in the bag: the substitute when there is one. */
  productId: string;
  quantity: number;
  unit: string;
  /** The unit price it is charged at. */
  priceMinor: number;
  /** What the line costs at most (its final subtotal once packed); null until packed. */
  capMinor: number | null;
}

/** One line as it reached the door: as placed until packed, then as packed. */
export function deliveredOf(line: LineRow, now: Date): DeliveredLine {
  if (line.packed_quantity === null) return { productId: line.product_id, quantity: line.quantity, unit: line.unit, priceMinor: line.price_minor, capMinor: null };
  if (!line.substituted_by) return { productId: line.product_id, quantity: line.packed_quantity, unit: line.unit, priceMinor: line.price_minor, capMinor: line.final_subtotal_minor };
  const answer = answerNow(line.substitute_answer, line.substitute_answer_by, now);
  const unit = line.substitute_unit ?? line.unit;
  if (answer === 'refused') return { productId: line.substituted_by, quantity: 0, unit, priceMinor: 0, capMinor: 0 };
  const priceMinor = substitutePriceMinor(line.price_minor, line.substitute_price_minor ?? line.price_minor, answer === 'accepted');
  return { productId: line.substituted_by, quantity: line.packed_quantity, unit, priceMinor, capMinor: line.final_subtotal_minor };
}

/** What refusing this much of a delivered line takes off: its charged price, never more than the line cost. */
export function refusedValueMinor(delivered: DeliveredLine, quantity: number): number {
  return quantity ? Math.min(lineMinor(delivered.priceMinor, quantity), delivered.capMinor ?? Number.MAX_SAFE_INTEGER) : 0;
}

/**
 * What a packed order sells, per product: what reached the door less what was refused there. None
 * for an order never packed (its reservation is what it sells, less the refused lines already released).
 */
export async function packedSales(trx: Transaction<Database>, orderId: string, now: Date): Promise<Map<string, number> | undefined> {
  const order = await trx.selectFrom('orders').select(['packed_at']).where('id', '=', orderId).executeTakeFirst();
  if (!order?.packed_at) return undefined;
  const lines = await trx.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).execute();
  const sold = new Map<string, number>();
  for (const line of lines) {
    const delivered = deliveredOf(line, now);
    const quantity = Math.round((delivered.quantity - line.refused_quantity) * 1000) / 1000;
    if (quantity > 0) sold.set(delivered.productId, (sold.get(delivered.productId) ?? 0) + quantity);
  }
  return sold;
}
