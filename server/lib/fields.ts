// Field rules shared by several schemas. Plain zod only: the web imports this file too.
import { z } from 'zod';

/** Spec 5: an optional +, then 1-15 digits, the first not zero. */
export const PHONE_PATTERN = /^\+?[1-9]\d{0,14}$/;
/** Spec 5 (profile): an optional +, then 2-15 digits, the first not zero. */
export const PROFILE_PHONE_PATTERN = /^\+?[1-9]\d{1,14}$/;
/** Kigali shoppers type their number the local way (0788 123 456); the server accepts it too. */
export const LOCAL_RWANDA_PHONE_PATTERN = /^0\d{9}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MIN_PASSWORD_LENGTH = 6;

/** Removes the spaces and dashes people put in phone numbers. */
export function compactPhone(value: string): string {
  return value.replace(/[\s\-().]/g, '');
}

export function isPhoneLike(value: string): boolean {
  const compact = compactPhone(value);
  return PHONE_PATTERN.test(compact) || LOCAL_RWANDA_PHONE_PATTERN.test(compact);
}

/** A string that is trimmed, with '' read as "not given". */
export const optionalText = z
  .string()
  .trim()
  .optional()
  .nullable()
  .transform((value) => (value ? value : undefined));

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
