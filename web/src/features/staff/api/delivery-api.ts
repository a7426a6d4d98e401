// The console's delivery calls: the schedule and the week's windows.
import type { z } from 'zod';
import type { DeliverySchedule, StaffDeliveryReply, staffScheduleReplySchema } from '@server/modules/delivery/delivery.schema';
import type { StaffBasket } from '@server/modules/baskets/baskets.schema';
import { api } from '@web/lib/api-client';

export function fetchDelivery() {
  return api.get('admin/delivery').json<StaffDeliveryReply>();
}

export function saveDeliverySchedule(schedule: DeliverySchedule) {
  return api.put('admin/delivery', { json: schedule }).json<z.infer<typeof staffScheduleReplySchema>>();
}

/** The coming week's weekly baskets: placed, to place (the evening before), or skipped. */
export async function fetchComingBaskets() {
  return (await api.get('admin/baskets').json<{ success: boolean; baskets: StaffBasket[] }>()).baskets;
}
