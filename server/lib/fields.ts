// Field rules shared by several schemas. Plain zod only: the web imports this file too.
import { z } from 'zod';

/** docs/product.md section 5: an optional +, then 1-15 digits, the first not zero. */
export const PHONE_PATTERN = /^\+?[1-9]\d{0,14}$/;
/** docs/product.md section 5 (profile): an optional +, then 2-15 digits, the first not zero. */
export const PROFILE_PHONE_PATTERN = /^\+?[1-9]\d{1,14}$/;
/** Kigali shoppers type their number the local way (0788 123 456); the server accepts it too. */
export const LOCAL_RWANDA_PHONE_PATTERN = /^0\d{9}$/;
// No control characters (a NUL byte is no part of an address, and forgot-password answers before it
// looks the account up, so the database cannot be the one to refuse it).
// eslint-disable-next-line no-control-regex
export const EMAIL_PATTERN = /^[^\s@\u0000-\u001f\u007f]+@[^\s@\u0000-\u001f\u007f]+\.[^\s@\u0000-\u001f\u007f]+$/;
const MIN_PASSWORD_LENGTH = 6;

/** A picture in an answer: absolute, so a storefront on another origin can show it (docs/api.md). */
export const imageUrlField = z
  .url()
  .describe('Absolute URL of an image served by the shop, built from PUBLIC_BASE_URL (default: the origin the request came to)');

/** Removes the spaces and dashes people put in phone numbers. */
export function compactPhone(value: string): string {
  return value.replace(/[\s\-().]/g, '');
}

/**
 * The phone rule of every face (forms, the USSD gateway, the conversation): docs/product.md's international
 * pattern (the profile form's is a digit longer), or the local 07xx form Kigali uses.
 */
export function isPhoneLike(value: string, pattern: RegExp = PHONE_PATTERN): boolean {
  const compact = compactPhone(value);
  return pattern.test(compact) || LOCAL_RWANDA_PHONE_PATTERN.test(compact);
}

/** docs/product.md section 5: 'Full name is required' (sign-up and profile alike). */
export const fullNameField = z
  .string({ error: 'Full name is required' })
  .trim()
  .min(1, 'Full name is required')
  .max(100, 'Full name must be at most 100 characters');

/** docs/product.md section 5: required, at least 6 characters (sign-up, reset, password change). */
export const newPasswordField = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(200, 'Password must be at most 200 characters');

/** A string that is trimmed, with '' read as "not given". */
export const optionalText = z
  .string()
  .trim()
  .optional()
  .nullable()
  .transform((value) => (value ? value : undefined));

/** An optional phone number in a form: spaces and dashes dropped, '' read as "not given". */
export function optionalPhoneField(message: string, pattern: RegExp = PHONE_PATTERN) {
  return optionalText
    .transform((value) => (value ? compactPhone(value) : undefined))
    .refine((value) => !value || isPhoneLike(value, pattern), message);
}

/** A page number or size from a query string: bad or missing values fall back to the default. */
export function pageNumber(fallback: number, max = 100) {
  return z
    .union([z.string(), z.number()])
    .optional()
    .transform((value) => {
      const parsed = Number.parseInt(String(value ?? ''), 10);
      if (!Number.isFinite(parsed) || parsed < 1) return fallback;
      return Math.min(parsed, max);
    });
}

export const paginationSchema = z.object({
  totalPages: z.number().int(),
  currentPage: z.number().int(),
  hasNextPage: z.boolean(),
  total: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;
