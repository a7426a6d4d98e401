// Shop facts the faces show (GET /api/config): from configuration (the hours from the delivery
// schedule), never hard-coded in a face.
import { z } from 'zod';

export const shopConfigSchema = z.object({
  shopName: z.string(),
  payCode: z.string(),
  businessName: z.string(),
  supportPhone: z.string(),
  supportEmail: z.string(),
  address: z.string(),
  /** "Mon-Sat 08:00-20:00, Sun closed": made from the delivery schedule staff set, never configured apart. */
  hours: z.string(),
  ussdServiceCode: z.string(),
  /** "Pay now with MoMo" (MTN request-to-pay) is offered at checkout beside cash on delivery. */
  momoRequestToPay: z.boolean(),
});
export type ShopConfig = z.infer<typeof shopConfigSchema>;

/** GET /health: 200 when the database answers, 503 when it does not. */
export const healthSchema = z.object({ ok: z.boolean(), database: z.enum(['pglite', 'postgres']) });
