import { randomBytes } from 'node:crypto';

/**
 * A 24-character id: 8 hex characters of seconds (so ids sort by age) then 16 random ones. The
 * shopper sees the last 8 characters of an order's id, so those are random, not a counter.
 */
export function newId(): string {
  const seconds = Math.floor(Date.now() / 1000).toString(16).padStart(8, '0');
  return seconds + randomBytes(8).toString('hex');
}
