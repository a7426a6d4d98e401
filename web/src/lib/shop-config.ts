// Shop facts (contact details, pay code, the USSD code) from GET /api/config: the one fetcher, asked
// once per visit and shared by every screen that shows them (footer, contact, checkout, confirmation,
// the USSD simulator).
import { t } from '@lingui/core/macro';
import type { ShopConfig } from '@server/modules/shop/shop.schema';
import { api } from './api-client';
import { useRemote } from './use-remote';

/** What the footer and contact card show if the call fails: the address docs/product.md gives, nothing invented. */
export const FALLBACK_ADDRESS = 'Nyarugenge, Kigali, Rwanda';

let pending: Promise<ShopConfig> | null = null;
let loaded: ShopConfig | null = null;

export function fetchShopConfig(): Promise<ShopConfig> {
  if (!pending) {
    pending = api
      .get('config')
      .json<ShopConfig>()
      .then((config) => (loaded = config));
    // Let a later screen try again rather than keep the failure for the whole visit.
    pending.catch(() => {
      pending = null;
    });
  }
  return pending;
}

/** The shop's configuration for a screen; null until it arrives (or if it cannot), so screens show a placeholder. */
export function useShopConfig(): ShopConfig | null {
  const { state } = useRemote(fetchShopConfig, [], t`Failed to load the shop details`, loaded === null);
  return loaded ?? (state.status === 'ready' ? state.data : null);
}
