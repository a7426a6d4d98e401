// Race tests on PostgreSQL: proof that a second writer really waits for the first (an unguarded one
// would answer at once). PGlite runs one transaction at a time, so there the second cannot even begin.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';

/** Polls PostgreSQL until a session waits on a lock, or the watched work answers (a 5 s deadline). */
export async function waitForLockWaiter(db: Kysely<Database>, answered: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline && !answered()) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`.execute(db);
    if (rows[0].n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
