// Delivery addresses. Plain zod only: the web's address forms use this schema too.
import { z } from 'zod';
import { isPhoneLike } from '../../lib/fields';

function requiredText(message: string, max = 200) {
  return z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);
}

/**
 * The City of Kigali's three districts and each one's sectors: the one list the web's selects, the
 * conversation's address steps and the server's check all read, so a district is spelled one way on
 * every face.
 */
export const KIGALI_SECTORS = {
  Gasabo: ['Bumbogo', 'Gatsata', 'Gikomero', 'Gisozi', 'Jabana', 'Jali', 'Kacyiru', 'Kimihurura', 'Kimironko', 'Kinyinya', 'Ndera', 'Nduba', 'Remera', 'Rusororo', 'Rutunga'],
  Kicukiro: ['Gahanga', 'Gatenga', 'Gikondo', 'Kagarama', 'Kanombe', 'Kicukiro', 'Kigarama', 'Masaka', 'Niboye', 'Nyarugunga'],
  Nyarugenge: ['Gitega', 'Kanyinya', 'Kigali', 'Kimisagara', 'Mageragere', 'Muhima', 'Nyakabanda', 'Nyamirambo', 'Nyarugenge', 'Rwezamenyo'],
} as const satisfies Record<string, readonly string[]>;
export type KigaliDistrict = keyof typeof KIGALI_SECTORS;

/** Kigali's districts, in the order every face offers them. */
export const KIGALI_DISTRICTS = ['Gasabo', 'Kicukiro', 'Nyarugenge'] as const satisfies readonly KigaliDistrict[];

export const DISTRICT_MESSAGE = 'Choose a district of Kigali: Gasabo, Kicukiro or Nyarugenge';

/** The list's own spelling of a name typed any case ("gasabo" is Gasabo), or the text as it was. */
function listed(value: string, names: readonly string[]): string {
  return names.find((name) => name.toLowerCase() === value.toLowerCase()) ?? value;
}

export const isKigaliDistrict = (value: string): value is KigaliDistrict => (KIGALI_DISTRICTS as readonly string[]).includes(value);

/** A district's sectors; none for a district the list does not hold (an address typed before the list). */
export function sectorsOf(district: string): readonly string[] {
  return isKigaliDistrict(district) ? KIGALI_SECTORS[district] : [];
}

/** A sector of the district, spelled as the list spells it, from a name typed any case; undefined when it is not one. */
export function sectorOf(district: string, typed: string): string | undefined {
  const sector = listed(typed.trim(), sectorsOf(district));
  return sectorsOf(district).includes(sector) ? sector : undefined;
}

export const addressInputSchema = z
  .object({
    description: requiredText('Description is required'),
    city: requiredText('City is required', 100),
    street: requiredText('Street is required'),
    district: requiredText('District is required', 100)
      .transform((value) => listed(value, KIGALI_DISTRICTS))
      .refine((value): boolean => isKigaliDistrict(value), DISTRICT_MESSAGE),
    /** Optional (the original storefront sends none; '' is none); when given, one of the district's, any case. */
    sector: z.string().trim().max(60, 'Must be at most 60 characters').optional(),
    // The number the driver calls: the same phone rule as sign-up, on the web form and the server alike.
    phoneNumber: requiredText('Phone number is required', 30).refine((value) => isPhoneLike(value), 'Invalid phone number format'),
    isDefault: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.sector && !sectorOf(value.district, value.sector)) ctx.addIssue({ code: 'custom', path: ['sector'], message: `Choose a sector of ${value.district}` });
  });
export type AddressInput = z.infer<typeof addressInputSchema>;

export const addressSchema = z.object({
  _id: z.string(),
  description: z.string(),
  city: z.string(),
  street: z.string(),
  /** One of KIGALI_DISTRICTS; an address saved before the list may hold the text typed then, shown as it is. */
  district: z.string(),
  /** One of the district's sectors; null when none was given (and on addresses saved before sectors were asked). */
  sector: z.string().nullish(),
  phoneNumber: z.string(),
  isDefault: z.boolean(),
});
export type Address = z.infer<typeof addressSchema>;

/** POST /address/create and PUT /address/update/:id: the address as saved. */
export const addressReplySchema = z.object({ success: z.boolean(), message: z.string(), address: addressSchema });
export type AddressReply = z.infer<typeof addressReplySchema>;
/** GET /address/allAddress: default first; `data` is the same list (docs/product.md section 7). */
export const addressListReplySchema = z.object({ success: z.boolean(), addresses: z.array(addressSchema), data: z.array(addressSchema) });
export type AddressListReply = z.infer<typeof addressListReplySchema>;
