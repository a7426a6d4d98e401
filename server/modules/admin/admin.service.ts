// The operator's work on orders. Shoppers never reach these functions.
import { sql } from 'kysely';
import type { ShopDeps } from '../../lib/deps';
import { badRequest, notFound } from '../../lib/errors';
import { offsetOf, paginate } from '../../lib/pagination';
import type { Order } from '../orders/orders.schema';
import { orderWithLines, ordersWithLines } from '../orders/orders.service';
import {
  NEXT_ORDER_STATUSES,
  NEXT_PAYMENT_STATUSES,
  type AdminOrdersQuery,
  type UpdateOrderStatusInput,
} from './admin.schema';

export async function listAllOrders(deps: ShopDeps, query: AdminOrdersQuery) {
  let rows = deps.db.selectFrom('orders').selectAll();
  let count = deps.db.selectFrom('orders').select(sql<number>`count(*)::int`.as('total'));
  if (query.status) {
    rows = rows.where('status', '=', query.status);
    count = count.where('status', '=', query.status);
  }
  if (query.paymentStatus) {
    rows = rows.where('payment_status', '=', query.paymentStatus);
    count = count.where('payment_status', '=', query.paymentStatus);
  }
  const [orderRows, { total }] = await Promise.all([
    rows.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.limit).offset(offsetOf(query.page, query.limit)).execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { orders: await ordersWithLines(deps.db, orderRows), pagination: paginate(total, query.page, query.limit) };
}

/** Moves an order's status and/or payment status, only along the allowed transitions. */
export async function updateOrderStatus(deps: ShopDeps, orderId: string, input: UpdateOrderStatusInput): Promise<Order> {
  return deps.db.transaction().execute(async (trx) => {
    const order = await trx.selectFrom('orders').selectAll().where('id', '=', orderId).forUpdate().executeTakeFirst();
    if (!order) throw notFound('Order not found');
    const status = order.status as keyof typeof NEXT_ORDER_STATUSES;
    const payment = order.payment_status as keyof typeof NEXT_PAYMENT_STATUSES;
    if (input.status && input.status !== status && !NEXT_ORDER_STATUSES[status]?.includes(input.status)) {
      const message = `An order that is ${status} cannot become ${input.status}`;
      throw badRequest(message, [{ msg: message, param: 'status' }]);
    }
    if (input.paymentStatus && input.paymentStatus !== payment && !NEXT_PAYMENT_STATUSES[payment]?.includes(input.paymentStatus)) {
      const message = `A payment that is ${payment} cannot become ${input.paymentStatus}`;
      throw badRequest(message, [{ msg: message, param: 'paymentStatus' }]);
    }
    const updated = await trx
      .updateTable('orders')
      .set({ status: input.status ?? status, payment_status: input.paymentStatus ?? payment })
      .where('id', '=', orderId)
      .returningAll()
      .executeTakeFirstOrThrow();
    deps.log.info('order_status', { orderId, status: updated.status, paymentStatus: updated.payment_status });
    return orderWithLines(trx, updated);
  });
}
