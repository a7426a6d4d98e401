import { createHash, randomBytes, randomInt } from 'node:crypto';

/** Tokens and one-time codes are stored only as their SHA-256, so a database leak reveals none. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');
export const newSixDigitCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
