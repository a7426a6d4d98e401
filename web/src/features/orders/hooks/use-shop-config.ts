// The shop's configuration for a screen; null until it arrives (screens show a placeholder meanwhile).
import { useEffect, useState } from 'react';
import type { ShopConfig } from '@server/modules/shop/shop.schema';
import { fetchShopConfig } from '../api/shop-config';

export function useShopConfig(): ShopConfig | null {
  const [config, setConfig] = useState<ShopConfig | null>(null);
  useEffect(() => {
    let active = true;
    fetchShopConfig()
      .then((value) => {
        if (active) setConfig(value);
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, []);
  return config;
}
