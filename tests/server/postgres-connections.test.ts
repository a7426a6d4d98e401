// A PostgreSQL server that ends the shop's idle connections (a restart, a fail-over, an administrator's
// pg_terminate_backend) does not stop the shop: the next query opens a new connection and is answered.
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../server/db/connect';
import { postgresUrl, seededPostgresDatabase } from '../support/database';

describe.skipIf(!postgresUrl())('the shop on a PostgreSQL server that ends its connections', () => {
  let copy: Awaited<ReturnType<typeof seededPostgresDatabase>>;
  let database: OpenDatabase;
  const warnings: string[] = [];
  beforeAll(async () => {
    copy = await seededPostgresDatabase(postgresUrl()!);
    database = await openDatabase({ databaseUrl: copy.url, dataDir: '', poolSize: 3, log: { info() {}, warn: (event) => void warnings.push(event) } });
  });
  afterAll(async () => {
    await database.close();
    await copy.drop();
  });

  it('answers the next query after its idle connections were ended, and says what happened', async () => {
    // Three connections open and idle in the pool.
    await Promise.all([1, 2, 3].map(() => sql`select pg_sleep(0.05)`.execute(database.db)));
    const admin = new pg.Client({ connectionString: postgresUrl() });
    await admin.connect();
    try {
      const ended = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and query not ilike 'LISTEN%'`,
        [new URL(copy.url).pathname.slice(1)],
      );
      expect(ended.rowCount).toBeGreaterThanOrEqual(3);
    } finally {
      await admin.end();
    }
    const deadline = Date.now() + 5000;
    while (warnings.filter((event) => event === 'database_connection_lost').length < 3 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(warnings.filter((event) => event === 'database_connection_lost')).toHaveLength(3);
    const carrots = await database.db.selectFrom('products').select('name').where('id', '=', 'carrots').executeTakeFirst();
    expect(carrots?.name).toBeTruthy();
  });
});
