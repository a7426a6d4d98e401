// The console's dispatch and cash calls: the day's windows and riders, giving an order to a rider,
// sharing a window out, adding a rider, a rider's ledger and handovers, and the day's cash.
import type { z } from 'zod';
import type { CashDayReply, LedgerReply, handoverReplySchema } from '@server/modules/cash/cash.schema';
import type { AddRiderInput, DispatchReply, riderReplySchema, shareOutReplySchema } from '@server/modules/dispatch/dispatch.schema';
import { api } from '@web/lib/api-client';

export function fetchDispatch(date?: string) {
  return api.get('admin/dispatch', { searchParams: date ? { date } : {} }).json<DispatchReply>();
}

export async function assignRider(orderId: string, riderId: string | null) {
  return (await api.put(`admin/orders/${encodeURIComponent(orderId)}/rider`, { json: { riderId } }).json<{ message: string }>()).message;
}

export function shareOutWindow(windowId: string) {
  return api.post('admin/dispatch/share-out', { json: { windowId } }).json<z.infer<typeof shareOutReplySchema>>();
}

export function addRider(input: AddRiderInput) {
  return api.post('admin/riders', { json: input }).json<z.infer<typeof riderReplySchema>>();
}

export function fetchLedger(riderId: string) {
  return api.get(`admin/riders/${encodeURIComponent(riderId)}/ledger`).json<LedgerReply>();
}

export function countHandover(riderId: string, input: { amount: number; note?: string }) {
  return api.post(`admin/riders/${encodeURIComponent(riderId)}/handover`, { json: input }).json<z.infer<typeof handoverReplySchema>>();
}

export function confirmHandover(riderId: string, handoverId: string, code: string) {
  return api.post(`admin/riders/${encodeURIComponent(riderId)}/handover/${encodeURIComponent(handoverId)}/confirm`, { json: { code } }).json<z.infer<typeof handoverReplySchema>>();
}

export function fetchCashDay(date?: string) {
  return api.get('admin/cash/day', { searchParams: date ? { date } : {} }).json<CashDayReply>();
}

/** The day as CSV, fetched with the console's session (a plain link would carry no token). */
export async function fetchCashDayCsv(date: string) {
  return (await api.get('admin/cash/day.csv', { searchParams: { date } })).text();
}
