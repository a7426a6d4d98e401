// Shop facts (contact details, pay code) from GET /api/config, fetched once per visit and shared.
import { useEffect, useState } from 'react';
import type { ShopConfig } from '@server/modules/shop/shop.schema';
import { api } from '../../lib/api-client';

export type { ShopConfig } from '@server/modules/shop/shop.schema';

/** What the footer and contact card show if the call fails: the spec's address, nothing invented. */
export const FALLBACK_ADDRESS = 'Nyarugenge, Kigali, Rwanda';

let pending: Promise<ShopConfig | null> | null = null;
let loaded: ShopConfig | null = null;

export function loadShopConfig(): Promise<ShopConfig | null> {
  if (!pending) {
    pending = api
      .get('config')
      .json<ShopConfig>()
      .then((config) => (loaded = config))
      .catch(() => {
        // Let a later screen try again rather than keep the failure for the whole visit.
        pending = null;
        return null;
      });
  }
  return pending;
}

export function useShopConfig(): ShopConfig | null {
  const [config, setConfig] = useState<ShopConfig | null>(loaded);
  useEffect(() => {
    if (loaded) return;
    let active = true;
    void loadShopConfig().then((value) => {
      if (active) setConfig(value);
    });
    return () => {
      active = false;
    };
  }, []);
  return config;
}
