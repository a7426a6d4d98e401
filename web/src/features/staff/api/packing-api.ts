// The packing calls (docs/packing.md): one order as the packing screen shows it, what was packed,
// a window's pick list, and the products a packer may put in a missing line's place. Packers may
// make these and no other console call.
import type { Order } from '@server/modules/orders/orders.schema';
import type { PackingInput } from '@server/modules/orders/order-packing.schema';
import type { PickList } from '@server/modules/orders/pick-list.schema';
import type { ProductListReply, ProductReply } from '@server/modules/catalog/catalog.schema';
import type { weeklyTimesReplySchema } from '@server/modules/delivery/delivery.schema';
import type { z } from 'zod';
import { api } from '@web/lib/api-client';

export async function fetchOrderToPack(orderId: string): Promise<Order> {
  return (await api.get(`admin/orders/${encodeURIComponent(orderId)}/packing`).json<{ order: Order }>()).order;
}

export async function savePacking(orderId: string, input: PackingInput): Promise<{ message: string; order: Order }> {
  return api.put(`admin/orders/${encodeURIComponent(orderId)}/packing`, { json: input }).json<{ message: string; order: Order }>();
}

export async function fetchPickList(windowId: string): Promise<PickList> {
  return api.get(`admin/delivery/windows/${encodeURIComponent(windowId)}/picklist`).json<PickList>();
}

/** Every weekday's windows (the shop's schedule), so a packer can name any window, a past one too. */
export async function fetchWeeklyTimes() {
  return (await api.get('delivery/weekly-times').json<z.infer<typeof weeklyTimesReplySchema>>()).days;
}

export async function searchProducts(search: string) {
  return (await api.get('product/getAllProducts', { searchParams: { search, limit: 8 } }).json<ProductListReply>()).productList;
}

export async function fetchProductName(productId: string): Promise<string> {
  return (await api.get(`product/getProductDetails/${encodeURIComponent(productId)}`).json<ProductReply>()).product.productname;
}
