// GET /delivery/windows: the coming delivery windows, named by the server ("Today 16:00–18:00").
import type { DeliveryWindow, DeliveryWindowsReply } from '@server/modules/delivery/delivery.schema';
import { api } from '@web/lib/api-client';

export async function fetchDeliveryWindows(signal?: AbortSignal): Promise<DeliveryWindow[]> {
  const body = await api.get('delivery/windows', { signal }).json<DeliveryWindowsReply>();
  return body.windows ?? [];
}
