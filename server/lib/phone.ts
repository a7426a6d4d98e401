import { LOCAL_RWANDA_PHONE_PATTERN, compactPhone } from './fields';

/**
 * One spelling per phone number, so the same shopper is found from the web form (0788 123 456),
 * the login box (+250788123456) and the USSD gateway (+250788123456).
 */
export function normalizePhone(value: string): string {
  const compact = compactPhone(value);
  if (LOCAL_RWANDA_PHONE_PATTERN.test(compact)) return `+250${compact.slice(1)}`;
  if (/^250\d{9}$/.test(compact)) return `+${compact}`;
  if (compact.startsWith('+')) return compact;
  return `+${compact}`;
}

/** 07xx xxx xxx as a Kigali shopper writes it, for showing a number back to its owner. */
export function localPhone(value: string): string {
  const normalized = normalizePhone(value);
  return normalized.startsWith('+250') && normalized.length === 13 ? `0${normalized.slice(4)}` : normalized;
}
