// GET config: the pay code, business name and support contacts come from the server (issue 4), fetched
// once per page load and shared by every screen that shows them.
import { api } from '../../../lib/api-client';
import type { ShopConfig } from '@server/modules/shop/shop.schema';

let pending: Promise<ShopConfig> | null = null;

export function fetchShopConfig(): Promise<ShopConfig> {
  if (!pending) {
    pending = api.get('config').json<ShopConfig>();
    // A failed load is retried the next time a screen asks.
    pending.catch(() => {
      pending = null;
    });
  }
  return pending;
}
