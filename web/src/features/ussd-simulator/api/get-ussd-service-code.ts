// GET /api/config, for the one fact the simulator needs: the code a shopper dials (e.g. *384*123#).
import { api } from '../../../lib/api-client';

export async function getUssdServiceCode(): Promise<string> {
  const config = await api.get('config').json<{ ussdServiceCode?: unknown }>();
  if (typeof config.ussdServiceCode !== 'string' || !config.ussdServiceCode) {
    throw new Error('The shop has no USSD service code configured.');
  }
  return config.ussdServiceCode;
}
