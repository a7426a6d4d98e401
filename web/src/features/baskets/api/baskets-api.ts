// The weekly basket calls, one function each; shapes are the server's.
import type { z } from 'zod';
import type { basketReplySchema, basketsReplySchema, basketStoppedReplySchema, CreateBasketInput, UpdateBasketInput } from '@server/modules/baskets/baskets.schema';
import type { DeliveryWindowsReply } from '@server/modules/delivery/delivery.schema';
import { api } from '@web/lib/api-client';

type BasketReply = z.infer<typeof basketReplySchema>;

export async function fetchBaskets(signal?: AbortSignal) {
  return (await api.get('baskets', { signal }).json<z.infer<typeof basketsReplySchema>>()).baskets ?? [];
}

export function createBasket(input: CreateBasketInput) {
  return api.post('baskets', { json: input }).json<BasketReply>();
}

export function updateBasket(basketId: string, change: UpdateBasketInput) {
  return api.put(`baskets/${encodeURIComponent(basketId)}`, { json: change }).json<BasketReply>();
}

export function stopBasket(basketId: string) {
  return api.delete(`baskets/${encodeURIComponent(basketId)}`).json<z.infer<typeof basketStoppedReplySchema>>();
}

/** The days the shop delivers and each day's window starts, read from the coming week's windows. */
export async function fetchWeeklyTimes(signal?: AbortSignal): Promise<Map<number, { start: string; label: string }[]>> {
  const { windows } = await api.get('delivery/windows', { signal }).json<DeliveryWindowsReply>();
  const days = new Map<number, { start: string; label: string }[]>();
  for (const window of windows) {
    const date = new Date(`${window.start.slice(0, 10)}T00:00:00Z`);
    const weekday = date.getUTCDay() === 0 ? 7 : date.getUTCDay();
    const start = window.start.slice(11, 16);
    const list = days.get(weekday) ?? [];
    if (!list.some((one) => one.start === start)) list.push({ start, label: `${start}–${window.end.slice(11, 16)}` });
    days.set(weekday, list);
  }
  return days;
}
