// The console's stock calls (docs/staff-api.md, Stock; server/modules/stock/staff-stock.routes.ts).
import type { z } from 'zod';
import { api } from '@web/lib/api-client';
import type {
  productLedgerReplySchema,
  stockChangeReplySchema,
  stockChangeSchema,
  stockDeliveryReplySchema,
  stockDeliverySchema,
  stockListReplySchema,
  stockSettingsSchema,
} from '@server/modules/stock/stock.schema';

type Reply<S extends z.ZodType> = z.infer<S>;

export interface StockFilter {
  page?: number;
  limit?: number;
  search?: string;
  only?: 'counted' | 'low';
}

export function fetchStock(filter: StockFilter = {}) {
  const searchParams = Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined && value !== '')) as Record<string, string | number>;
  return api.get('admin/stock', { searchParams }).json<Reply<typeof stockListReplySchema>>();
}

export function fetchProductStock(productId: string, page = 1) {
  return api.get(`admin/products/${encodeURIComponent(productId)}/stock`, { searchParams: { page } }).json<Reply<typeof productLedgerReplySchema>>();
}

export function changeStock(productId: string, input: z.input<typeof stockChangeSchema>) {
  return api.post(`admin/products/${encodeURIComponent(productId)}/stock`, { json: input }).json<Reply<typeof stockChangeReplySchema>>();
}

export function setLowThreshold(productId: string, input: z.input<typeof stockSettingsSchema>) {
  return api.put(`admin/products/${encodeURIComponent(productId)}/stock`, { json: input }).json<Reply<typeof stockChangeReplySchema>>();
}

export function stopCounting(productId: string) {
  return api.delete(`admin/products/${encodeURIComponent(productId)}/stock`).json<{ success: true; message: string }>();
}

export function receiveDelivery(input: z.input<typeof stockDeliverySchema>) {
  return api.post('admin/stock/receive', { json: input }).json<Reply<typeof stockDeliveryReplySchema>>();
}
