// The weekly basket calls, one function each; shapes are the server's.
import type { z } from 'zod';
import type { basketReplySchema, basketsReplySchema, basketStoppedReplySchema, CreateBasketInput, UpdateBasketInput } from '@server/modules/baskets/baskets.schema';
import type { WeeklyTimesReply } from '@server/modules/delivery/delivery.schema';
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

/** The days the shop delivers and each day's windows, from the schedule (today's passed windows included). */
export async function fetchWeeklyTimes(signal?: AbortSignal): Promise<Map<number, { start: string; label: string }[]>> {
  const { days } = await api.get('delivery/weekly-times', { signal }).json<WeeklyTimesReply>();
  return new Map(days.map(({ weekday, windows }) => [weekday, windows.map(({ start, end }) => ({ start, label: `${start}–${end}` }))]));
}
