// Counts attempts per key in a fixed time window, in the database, so every server instance behind
// a load balancer sees the same counts and a restart forgets nothing.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Expired counters are deleted on one write in this many, so the table does not grow. */
const PRUNE_EVERY = 500;

export interface AttemptLimiter {
  isBlocked(key: string): Promise<boolean>;
  /**
   * Counts one attempt (or `weight` of them: 0 counts none, in the same one statement, for a caller
   * whose time taken must not tell which it was); the window starts at the first attempt and is not
   * extended by later ones.
   */
  record(key: string, weight?: 0 | 1): Promise<number>;
  reset(key: string): Promise<void>;
}

/**
 * A limiter for one kind of attempt (`scope` keeps kinds apart in the one table): blocked once
 * `maxAttempts` have been recorded within `windowMs` of the first.
 */
export function attemptLimiter(db: Kysely<Database>, scope: string, maxAttempts: number, windowMs: number): AttemptLimiter {
  const stored = (key: string) => `${scope}:${key}`;
  let writes = 0;
  const windowStart = () => new Date(Date.now() - windowMs);
  return {
    async isBlocked(key) {
      const row = await db
        .selectFrom('attempt_counters')
        .select('count')
        .where('key', '=', stored(key))
        .where('window_started_at', '>', windowStart())
        .executeTakeFirst();
      return (row?.count ?? 0) >= maxAttempts;
    },

    async record(key, weight = 1) {
      const since = windowStart();
      // One statement, so two instances counting at once never lose an attempt.
      const row = await db
        .insertInto('attempt_counters')
        .values({ key: stored(key), count: weight, window_started_at: new Date() })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`CASE WHEN attempt_counters.window_started_at > ${since} THEN attempt_counters.count + ${weight}::int ELSE ${weight}::int END`,
            window_started_at: sql<Date>`CASE WHEN attempt_counters.window_started_at > ${since} THEN attempt_counters.window_started_at ELSE now() END`,
          }),
        )
        .returning('count')
        .executeTakeFirstOrThrow();
      writes += 1;
      if (writes % PRUNE_EVERY === 0) await pruneExpired(db);
      return row.count;
    },

    async reset(key) {
      await db.deleteFrom('attempt_counters').where('key', '=', stored(key)).execute();
    },
  };
}

/** Windows are at most a day long; older counters count for nothing. */
async function pruneExpired(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('attempt_counters').where('window_started_at', '<', new Date(Date.now() - 24 * 60 * 60 * 1000)).execute();
}
