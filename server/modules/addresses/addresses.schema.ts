// Delivery addresses. Plain zod only: the web's address forms use this schema too.
import { z } from 'zod';
import { isPhoneLike } from '../../lib/fields';

function requiredText(message: string, max = 200) {
  return z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);
}

export const addressInputSchema = z.object({
  description: requiredText('Description is required'),
  city: requiredText('City is required', 100),
  street: requiredText('Street is required'),
  district: requiredText('District is required', 100),
  // The number the driver calls: the same phone rule as sign-up, on the web form and the server alike.
  phoneNumber: requiredText('Phone number is required', 30).refine((value) => isPhoneLike(value), 'Invalid phone number format'),
  isDefault: z.boolean().optional(),
});
export type AddressInput = z.infer<typeof addressInputSchema>;

export const addressSchema = z.object({
  _id: z.string(),
  description: z.string(),
  city: z.string(),
  street: z.string(),
  district: z.string(),
  phoneNumber: z.string(),
  isDefault: z.boolean(),
});
export type Address = z.infer<typeof addressSchema>;

/** Kigali's three districts, offered by the conversation's address steps. */
export const KIGALI_DISTRICTS = ['Gasabo', 'Kicukiro', 'Nyarugenge'] as const;

/** POST /address/create and PUT /address/update/:id: the address as saved. */
export const addressReplySchema = z.object({ success: z.boolean(), message: z.string(), address: addressSchema });
export type AddressReply = z.infer<typeof addressReplySchema>;
/** GET /address/allAddress: default first; `data` is the same list (docs/product.md section 7). */
export const addressListReplySchema = z.object({ success: z.boolean(), addresses: z.array(addressSchema), data: z.array(addressSchema) });
export type AddressListReply = z.infer<typeof addressListReplySchema>;
