// scrypt password hashes, stored as "scrypt$N$r$p$salt$hash" so the cost can be raised later.
import { randomBytes, scrypt, type ScryptOptions } from 'node:crypto';
import { atMost } from './at-most';
import { sameSecret } from './secrets';

const COST = { N: 16384, r: 8, p: 1 };
const KEY_LENGTH = 32;

/**
 * Hashes worked out at once. Each takes 16 MB (128 * N * r bytes) on a thread of libuv's pool; four at
 * once (the pool's size) held 64 MB of resident memory for as long as they ran, and the C library kept
 * it after (npm start sets MALLOC_MMAP_THRESHOLD_ so blocks that large go back). One at a time: a rush
 * of sign-ups or logins (50 shoppers at once in npm run bench load) then adds 16 MB to an instance,
 * not 32 of the 150 an instance on PostgreSQL may hold; one thread still derives about 20 hashes a
 * second, and a second worker (WEB_CONCURRENCY) hashes on the other core. Process-wide on purpose,
 * like the thread pool it rations.
 */
const MAX_HASHING = 1;
const oneOfFewAtOnce = atMost(MAX_HASHING);

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return oneOfFewAtOnce(
    () =>
      new Promise((resolve, reject) =>
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = stored?.split('$');
  if (!parts || parts.length !== 6 || parts[0] !== 'scrypt') {
    // Spend the same time as a real check, so a missing account is not told apart by timing.
    await derive(password, randomBytes(16), COST);
    return false;
  }
  const [, n, r, p, salt, hash] = parts;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return sameSecret(key, expected);
}
