// The order calls of docs/api.md, read leniently as docs/product.md section 7 describes (`order` or
// `data.order`, and so on).
import { api } from '@web/lib/api-client';
import type { PaymentType } from '@server/modules/orders/order-lists.schema';
import type { Order, OrderReply, OrdersPageReply, PlaceOrderReply } from '@server/modules/orders/orders.schema';
import type { Receipt, ReceiptReply } from '@server/modules/orders/receipt.schema';
import type { PayOrderReply } from '@server/modules/payments/payments.schema';
import type { Pagination } from '@server/lib/fields';
import type { ReorderReply } from '@server/modules/reorder/reorder.schema';

export interface PlaceOrderBody {
  addressId: string;
  /** cash: on delivery, with the MoMo Pay code; momo: MTN MoMo request-to-pay, approved on the payer's phone. */
  paymentType: PaymentType;
  /** momo: the number asked to pay (the delivery phone when left out). */
  payerPhone?: string;
  callbackUrl: string;
  /** Refuse the same order placed minutes ago (409 duplicate_order), so the shopper can be asked. */
  warnIfDuplicate?: boolean;
  /** The shopper was told of the same order placed minutes ago and places it again all the same. */
  confirmDuplicate?: boolean;
}

/**
 * A call that may ask MTN MoMo first: the shop answers once MTN has (at most 10 s), so it waits longer
 * than the client's usual 10 s, or a placed order would look like a failure.
 */
const MOMO_CALL_TIMEOUT_MS = 25_000;

/**
 * The place-order call as data: sent now (placeOrder), or kept in the outbox to send when the network
 * returns (lib/outbox.ts), with the same idempotency key either way.
 */
export function placeOrderCall(body: PlaceOrderBody, idempotencyKey: string) {
  return {
    method: 'post' as const,
    url: 'order/placeOrder',
    json: body,
    headers: { 'Idempotency-Key': idempotencyKey },
    timeoutMs: MOMO_CALL_TIMEOUT_MS,
  };
}

/** The new order's id in a place-order reply (docs/product.md section 7: `order._id`, or `data.order._id`). */
export function placedOrderId(reply: PlaceOrderReply | undefined): string | undefined {
  return reply?.order?._id ?? reply?.data?.order?._id;
}

/** The key makes a retried or double-clicked submit return the first order instead of a second one. */
export async function placeOrder(body: PlaceOrderBody, idempotencyKey: string): Promise<string> {
  const call = placeOrderCall(body, idempotencyKey);
  const response = await api.post(call.url, { json: call.json, headers: call.headers, timeout: call.timeoutMs }).json<PlaceOrderReply>();
  const id = placedOrderId(response);
  if (!id) throw new Error('Failed to place order');
  return id;
}

export async function fetchOrder(orderId: string, signal?: AbortSignal): Promise<Order | null> {
  const body = await api
    .get(`order/getOrderDetails/${encodeURIComponent(orderId)}`, { signal })
    .json<OrderReply>();
  // docs/product.md section 7: some servers put the order itself under `data`.
  const data = body.data as OrderReply['data'] | Order | undefined;
  const nested = data && 'order' in data ? data.order : (data as Order | undefined);
  return body.order ?? nested ?? null;
}

export interface OrdersPage {
  orders: Order[];
  pagination: Pagination;
}

export async function fetchUserOrders(page: number, limit: number, signal?: AbortSignal): Promise<OrdersPage> {
  const body = await api
    .get('order/getUserOrders', { searchParams: { page, limit }, signal })
    .json<OrdersPageReply>();
  const orders = body.orders ?? body.data?.orders ?? [];
  const pagination = body.pagination ??
    body.data?.pagination ?? { totalPages: 1, currentPage: page, hasNextPage: false, total: orders.length };
  return { orders, pagination };
}

/**
 * "Pay again" by MoMo: a new request to MTN for one of the shopper's orders. `success` false means MTN
 * did not take it, and `message` says to pay with the MoMo Pay code instead.
 */
export async function payOrder(orderId: string, payerPhone?: string): Promise<PayOrderReply> {
  return api.post(`order/${encodeURIComponent(orderId)}/pay`, { json: payerPhone ? { payerPhone } : {}, timeout: MOMO_CALL_TIMEOUT_MS }).json<PayOrderReply>();
}

/** A delivered order's receipt (409 before delivery, 404 for an order that is not the shopper's). */
export async function fetchReceipt(orderId: string, signal?: AbortSignal): Promise<Receipt> {
  const body = await api.get(`order/${encodeURIComponent(orderId)}/receipt`, { signal }).json<ReceiptReply>();
  return body.receipt;
}

/** "Order again": the order's lines that sell today added to the cart; the answer names what was left out. */
export async function reorder(orderId: string): Promise<ReorderReply> {
  return api.post(`order/${encodeURIComponent(orderId)}/reorder`).json<ReorderReply>();
}

/** The shopper's answer to a substitute the packer proposed (docs/packing.md): the order as it now stands. */
export async function answerSubstitute(orderId: string, productId: string, accept: boolean): Promise<Order> {
  const reply = await api.post(`order/${encodeURIComponent(orderId)}/substitute`, { json: { productId, accept } }).json<OrderReply>();
  return reply.order;
}
