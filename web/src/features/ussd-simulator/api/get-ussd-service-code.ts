// The one fact of GET /api/config the simulator needs: the code a shopper dials (e.g. *384*123#).
import { fetchShopConfig } from '@web/lib/shop-config';

export async function getUssdServiceCode(): Promise<string> {
  const config: { ussdServiceCode?: unknown } = await fetchShopConfig();
  if (typeof config.ussdServiceCode !== 'string' || !config.ussdServiceCode) {
    throw new Error('The shop has no USSD service code configured.');
  }
  return config.ussdServiceCode;
}
