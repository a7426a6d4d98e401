import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** Tokens and one-time codes are stored only as their SHA-256, so a database leak reveals none. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');
export const newSixDigitCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** A secret, signature or key compared in constant time, so the time taken never hints at how much matched. */
export function sameSecret(given: string | Uint8Array | undefined, expected: string | Uint8Array): boolean {
  if (given === undefined || given.length === 0) return false;
  const a = typeof given === 'string' ? Buffer.from(given) : given;
  const b = typeof expected === 'string' ? Buffer.from(expected) : expected;
  return a.length === b.length && timingSafeEqual(a, b);
}
