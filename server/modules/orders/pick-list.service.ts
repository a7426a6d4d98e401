// A window's pick list: what to pick for every order delivered in it (pending or being prepared),
// summed per product and grouped by category, and each order's packing slip (docs/packing.md).
import type { ShopDeps } from '../../lib/deps';
import { badRequest } from '../../lib/errors';
import { toFrw } from '../../lib/money';
import { isEstimated } from '../../lib/quantities';
import type { OrderAddressSnapshot } from '../../db/schema';
import { substitutionOf } from '../cart/cart.service';
import { orderNumber } from './orders.schema';
import { finalGoodsMinor } from './order-amounts.schema';
import type { PickList } from './pick-list.schema';

const WINDOW_ID = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/;

/** A window's id as GET /delivery/windows gives it (Kigali date and start, 2026-11-24T16:00) as an instant. */
function windowStart(id: string): Date {
  const match = WINDOW_ID.exec(id.trim());
  // Kigali keeps UTC+2 all year (no daylight saving), as the delivery module's times do.
  const start = match ? new Date(`${match[1]}T${match[2]}:${match[3]}:00+02:00`) : undefined;
  if (!start || Number.isNaN(start.getTime())) {
    const message = 'A window is its Kigali date and start, like 2026-11-24T16:00';
    throw badRequest(message, [{ msg: message, param: 'id' }]);
  }
  return start;
}

export async function pickList(deps: ShopDeps, windowId: string): Promise<PickList> {
  const start = windowStart(windowId);
  const orders = await deps.db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select(['orders.id', 'orders.status', 'orders.address', 'orders.amount_minor', 'orders.final_amount_minor', 'orders.packed_at', 'orders.delivery_window_end', 'users.full_name'])
    .where('orders.delivery_window_start', '=', start)
    .where('orders.status', 'in', ['pending', 'processing'])
    .orderBy('orders.created_at')
    .execute();
  const ids = orders.map((order) => order.id);
  const lines = ids.length
    ? await deps.db
        .selectFrom('order_lines')
        .leftJoin('products', 'products.id', 'order_lines.product_id')
        .leftJoin('categories', 'categories.id', 'products.category_id')
        .select(['order_lines.order_id', 'order_lines.product_id', 'order_lines.product_name', 'order_lines.unit', 'order_lines.quantity', 'order_lines.subtotal_minor', 'order_lines.substitution', 'order_lines.substitute_product_id', 'order_lines.packed_quantity', 'order_lines.substitute_name', 'categories.name as category', 'categories.position'])
        .where('order_lines.order_id', 'in', ids)
        .orderBy('order_lines.order_id')
        .orderBy('order_lines.position')
        .execute()
    : [];
  const items = new Map<string, PickList['items'][number] & { position: number }>();
  for (const line of lines) {
    const item = items.get(line.product_id) ?? {
      productId: line.product_id,
      productName: line.product_name,
      category: line.category ?? 'Other',
      position: line.position ?? Number.MAX_SAFE_INTEGER,
      unit: line.unit,
      quantity: 0,
      orders: 0,
      preferences: { similar: 0, none: 0, product: 0 },
    };
    item.quantity = Math.round((item.quantity + line.quantity) * 1000) / 1000;
    item.orders += 1;
    const kind = line.substitution === 'none' || line.substitution === 'product' ? line.substitution : 'similar';
    item.preferences[kind] += 1;
    items.set(line.product_id, item);
  }
  const sorted = [...items.values()].sort((a, b) => a.position - b.position || a.category.localeCompare(b.category) || a.productName.localeCompare(b.productName));
  return {
    window: { id: windowId.trim(), start: start.toISOString(), end: orders[0]?.delivery_window_end ? new Date(orders[0].delivery_window_end).toISOString() : null },
    items: sorted.map(({ position: _position, ...item }) => item),
    slips: orders.map((order) => {
      const address = (typeof order.address === 'string' ? JSON.parse(order.address) : order.address) as OrderAddressSnapshot;
      return {
        orderId: order.id,
        orderNumber: orderNumber(order.id),
        status: order.status,
        shopper: { fullName: order.full_name, phoneNumber: address.phoneNumber },
        address: { description: address.description, street: address.street, district: address.district, city: address.city },
        lines: lines
          .filter((line) => line.order_id === order.id)
          .map((line) => ({
            productId: line.product_id,
            productName: line.product_name,
            unit: line.unit,
            quantity: line.quantity,
            estimated: isEstimated(line.unit),
            subtotal: toFrw(line.subtotal_minor),
            substitution: substitutionOf(line.substitution, line.substitute_product_id, 'none'),
            packedQuantity: line.packed_quantity,
            substitutedBy: line.substitute_name,
          })),
        estimate: toFrw(order.amount_minor),
        finalAmount: toFrw(finalGoodsMinor(order)),
        packed: order.packed_at !== null,
      };
    }),
  };
}
