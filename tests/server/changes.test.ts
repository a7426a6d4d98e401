// Change notices (server/db/changes.ts): a committed change is heard by this instance before the
// write returns and by every other instance on the same PostgreSQL within moments; a rolled-back one
// by none; a lost listening connection drops every copy, says so, and comes back.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changing, hearing, lifetimeMs, onChange, shareChangesThroughPostgres, stopSharingChanges, UNHEARD_LIFETIME_MS } from '../../server/db/changes';
import { openDatabase, type OpenDatabase } from '../../server/db/connect';
import { silentLogger, type Logger } from '../../server/lib/logger';
import { openTestDatabase, postgresUrl, seededPostgresDatabase } from '../support/database';
import { startPostgresWithoutListen } from '../support/fake-postgres-without-listen';

/** Polls `check` until it holds or the deadline passes (no fixed sleeps). */
async function eventually(check: () => boolean | Promise<boolean>, what: string, deadlineMs = 10_000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function recordingLog(): Logger & { events: string[] } {
  const events: string[] = [];
  return { ...silentLogger(), info: (event) => void events.push(event), warn: (event) => void events.push(event), events };
}

describe('a change on one database handle', () => {
  let database: OpenDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database.close());

  it('calls the listeners of its topic, once committed and before the write returns; other topics hear nothing', async () => {
    const heard: string[] = [];
    const stopPrices = onChange(database, 'test-prices', () => heard.push('prices'));
    const stopTokens = onChange(database, 'test-tokens', () => heard.push('tokens'));
    const price = await changing(database, 'test-prices', async (trx) => {
      await trx.updateTable('products').set({ price_minor: 123_400 }).where('id', '=', 'carrots').execute();
      expect(heard).toEqual([]); // not before the commit
      return (await trx.selectFrom('products').select('price_minor').where('id', '=', 'carrots').executeTakeFirstOrThrow()).price_minor;
    });
    expect(price).toBe(123_400);
    expect(heard).toEqual(['prices']);
    stopPrices();
    stopTokens();
  });

  it('on an engine without LISTEN/NOTIFY, says so once and keeps copies a second at most', async () => {
    const engine = await startPostgresWithoutListen();
    const log = recordingLog();
    // A handle of its own, so this test's feed is not the test database's.
    const db = database.db.withoutPlugins();
    try {
      await shareChangesThroughPostgres(db, { databaseUrl: engine.url, log, reconnectFirstMs: 10 });
      expect(engine.queries).toEqual(['LISTEN isoko_changes']);
      expect(log.events).toEqual(['changes_not_shared']);
      expect(hearing({ db })).toBe('unsupported');
      expect(lifetimeMs({ db }, 30_000)).toBe(UNHEARD_LIFETIME_MS);
      // A write still tells this instance's own copies at once.
      const heard: string[] = [];
      onChange({ db }, 'test-prices', () => heard.push('prices'));
      await changing({ db }, 'test-prices', async () => {});
      expect(heard).toEqual(['prices']);
    } finally {
      await stopSharingChanges(db);
      await engine.close();
    }
  });

  it('rolled back, tells no one and leaves nothing written', async () => {
    const heard: string[] = [];
    const stop = onChange(database, 'test-prices', () => heard.push('prices'));
    const failing = changing(database, 'test-prices', async (trx) => {
      await trx.updateTable('products').set({ price_minor: 1 }).where('id', '=', 'tomatoes').execute();
      throw new Error('refused half-way');
    });
    await expect(failing).rejects.toThrow('refused half-way');
    expect(heard).toEqual([]);
    const row = await database.db.selectFrom('products').select('price_minor').where('id', '=', 'tomatoes').executeTakeFirstOrThrow();
    expect(row.price_minor).not.toBe(1);
    stop();
  });
});

describe.skipIf(!postgresUrl())('two instances on one PostgreSQL', () => {
  let copy: { url: string; drop(): Promise<void> };
  let writer: OpenDatabase;
  let reader: OpenDatabase;
  const readerLog = recordingLog();
  beforeAll(async () => {
    copy = await seededPostgresDatabase(postgresUrl()!);
    writer = await openDatabase({ databaseUrl: copy.url, dataDir: '', poolSize: 2 });
    reader = await openDatabase({ databaseUrl: copy.url, dataDir: '', poolSize: 2, log: readerLog });
  });
  afterAll(async () => {
    await writer?.close();
    await reader?.close();
    await copy?.drop();
  });

  it('hear each other: a committed change reaches the other, a rolled-back one never does', async () => {
    expect(hearing(reader)).toBe('listening');
    const heard: string[] = [];
    const stop = onChange(reader, 'test-stock', () => heard.push('stock'));
    const stopMarker = onChange(reader, 'test-marker', () => heard.push('marker'));
    await expect(
      changing(writer, 'test-stock', async (trx) => {
        await trx.updateTable('products').set({ in_stock: false }).where('id', '=', 'carrots').execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // Notices arrive in commit order: once the marker committed after it is heard, the rolled-back change would have been too.
    await changing(writer, 'test-marker', async () => {});
    await eventually(() => heard.includes('marker'), 'the marker');
    expect(heard).toEqual(['marker']);

    await changing(writer, 'test-stock', (trx) => trx.updateTable('products').set({ in_stock: false }).where('id', '=', 'carrots').execute());
    await eventually(() => heard.includes('stock'), 'the stock change');
    expect(heard).toEqual(['marker', 'stock']);
    stop();
    stopMarker();
  });

  it('drop every copy when the listening connection is lost, say so, and listen again', async () => {
    const dropped: string[] = [];
    const lifetimesWhenDropped: number[] = [];
    const stopA = onChange(reader, 'test-a', () => {
      dropped.push('a');
      lifetimesWhenDropped.push(lifetimeMs(reader, 30_000));
    });
    const stopB = onChange(reader, 'test-b', () => dropped.push('b'));
    // The reader's own listening connection, ended by the server as a failover or an idle cut-off would.
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'isoko-changes' AND datname = current_database() AND pid <> pg_backend_pid()`.execute(reader.db);
    await eventually(() => dropped.includes('a') && dropped.includes('b'), 'every copy dropped');
    expect(readerLog.events).toContain('changes_listener_lost');
    // Until it listens again, a copy lives a second at most.
    expect(lifetimesWhenDropped[0]).toBe(UNHEARD_LIFETIME_MS);
    await eventually(() => hearing(reader) === 'listening', 'listening again');
    expect(readerLog.events).toContain('changes_listening_again');
    expect(lifetimeMs(reader, 30_000)).toBe(30_000);
    // The writer's listener was ended too, and comes back the same way.
    dropped.length = 0;
    await eventually(() => hearing(writer) === 'listening', 'the writer listening again');
    await changing(writer, 'test-a', async () => {});
    await eventually(() => dropped.includes('a'), 'a change after the reconnection');
    expect(dropped).toEqual(['a']);
    stopA();
    stopB();
  });
});
