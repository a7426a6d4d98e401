// Counts attempts per key in a time window, in memory. Enough for one instance; several instances
// behind a load balancer each keep their own count, which still bounds guessing to a few per window.
import { LRUCache } from 'lru-cache';

export class AttemptLimiter {
  private readonly attempts: LRUCache<string, number>;

  constructor(
    readonly maxAttempts: number,
    readonly windowMs: number,
  ) {
    this.attempts = new LRUCache<string, number>({ max: 50_000, ttl: windowMs, ttlAutopurge: false });
  }

  isBlocked(key: string): boolean {
    return (this.attempts.get(key) ?? 0) >= this.maxAttempts;
  }

  /** Counts one attempt; the window starts at the first attempt and is not extended by later ones. */
  record(key: string): void {
    const count = this.attempts.get(key);
    if (count === undefined) this.attempts.set(key, 1);
    else this.attempts.set(key, count + 1, { noUpdateTTL: true });
  }

  reset(key: string): void {
    this.attempts.delete(key);
  }
}

/** One limiter per database, so two shops in one process (tests) never share counts. */
export function limiterPerDatabase(maxAttempts: number, windowMs: number) {
  const limiters = new WeakMap<object, AttemptLimiter>();
  return (db: object): AttemptLimiter => {
    let limiter = limiters.get(db);
    if (!limiter) {
      limiter = new AttemptLimiter(maxAttempts, windowMs);
      limiters.set(db, limiter);
    }
    return limiter;
  };
}
