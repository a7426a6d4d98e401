// The embedded database's driver (server/db/pglite-wire.ts) prepares each statement once and runs it
// with one call into PGlite. What it answers must be exactly what PGlite's own query() answers, and
// a failed statement, a schema change or a full statement cache must never leave it confused.
import { protocol, type PGlite } from '@electric-sql/pglite';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../server/db/connect';
import type { Database } from '../../server/db/schema';
import { openTestPGlite, postgresUrl } from '../support/database';

describe.skipIf(postgresUrl())('the embedded database driver', () => {
  let pglite: PGlite;
  let database: OpenDatabase;
  let db: Kysely<Database>;

  beforeAll(async () => {
    pglite = await openTestPGlite();
    database = await openDatabase({ dataDir: '', pglite });
    db = database.db;
  });
  afterAll(async () => {
    await database.close();
  });

  const run = (text: string, params: unknown[] = []) => db.executeQuery({ sql: text, parameters: params, query: { kind: 'RawNode' } as never, queryId: { queryId: text } });

  const prepared = async (text: string) =>
    (await pglite.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements where statement = $1', [text])).rows[0].n;

  it("answers every kind of value as PGlite's own query() does", async () => {
    await run('create table wire_values (id int primary key, label text, note jsonb, seen timestamptz, tags text[])');
    const long = 'Ibirayi byiza bya Musanze, ku isoko rya Kimironko — très frais, 🍅 '.repeat(4);
    const statements: Array<[string, unknown[]]> = [
      ['insert into wire_values values ($1, $2, $3, $4, $5) returning *', [1, 'Imbuto é ü 🍅', '{"a":[1,2],"b":"ç"}', new Date('2026-11-24T10:00:00.123Z'), ['x', 'y z']]],
      ['insert into wire_values values ($1, $2, $3, $4, $5) returning *', [2, long, null, null, []]],
      ['select * from wire_values order by id', []],
      ['select count(*) as total, sum(id) as ids, avg(id) as mean, bool_and(id > 0) as all_positive from wire_values', []],
      ['select $1::int[] as ints, $2::numeric as price, $3::boolean as yes, $4::bigint as big', [[1, 2, 3], '12.50', false, 9007199254740993n]],
      ['update wire_values set label = upper(label) where id >= $1', [1]],
      ['delete from wire_values where id = $1', [2]],
      ['select * from wire_values where label like $1', ['%NOTHING%']],
    ];
    for (const [text, params] of statements) {
      // Each way in a transaction rolled back, then once for real so the next statement sees it.
      await run('begin');
      const ours = await run(text, params);
      await run('rollback');
      await pglite.query('begin');
      const theirs = await pglite.query(text, params);
      await pglite.query('rollback');
      expect({ text, rows: ours.rows, affected: ours.numAffectedRows }).toEqual({ text, rows: theirs.rows, affected: BigInt(theirs.affectedRows ?? 0) });
      await run(text, params);
    }
  });

  it('parses each statement once and runs it again by name', async () => {
    const text = 'select "name" from "products" where "id" = $1';
    for (const id of ['tomatoes', 'carrots', 'avocados']) await db.selectFrom('products').select('name').where('id', '=', id).execute();
    expect(await prepared(text)).toBe(1);
  });

  it("runs the bench's plain peer through PGlite's own query(), preparing nothing", async () => {
    const plain = await openDatabase({ dataDir: '', pglite, pgliteStatements: 'pglite-query' });
    const text = 'select "name", "unit" from "products" where "id" = $1';
    const read = (on: Kysely<Database>) => on.selectFrom('products').select(['name', 'unit']).where('id', '=', 'carrots').execute();
    expect(await read(plain.db)).toEqual(await read(db));
    await read(plain.db);
    // The shop's driver prepared the text once; the plain path left no statement of its own.
    expect(await prepared(text)).toBe(1);
  });

  it("leaves PGlite's own reply parser out, which would keep every message it parsed", async () => {
    const parse = vi.spyOn(protocol.Parser.prototype, 'parse');
    try {
      for (let index = 0; index < 20; index += 1) {
        await db.transaction().execute(async (trx) => {
          await trx.selectFrom('products').selectAll().where('category_id', '=', 'vegetables').execute();
          await trx.updateTable('products').set({ in_stock: true }).where('id', '=', 'tomatoes').execute();
        });
      }
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
  });

  it('reports a failed statement with PostgreSQL code and fields, and carries on in and out of transactions', async () => {
    const duplicate = db.insertInto('categories').values({ id: 'vegetables', name: 'Vegetables again', image: '', description: '', position: 99 }).execute();
    await expect(duplicate).rejects.toMatchObject({ code: '23505', constraint: 'categories_pkey', table: 'categories' });
    await expect(run('selec 1')).rejects.toMatchObject({ code: '42601' });

    await expect(
      db.transaction().execute(async (trx) => {
        await trx.updateTable('products').set({ in_stock: false }).where('id', '=', 'tomatoes').execute();
        await sql`select 1 / 0`.execute(trx);
      }),
    ).rejects.toMatchObject({ code: '22012' });
    const tomatoes = await db.selectFrom('products').select('in_stock').where('id', '=', 'tomatoes').executeTakeFirstOrThrow();
    expect(tomatoes.in_stock).toBe(true);

    const moved = await db.updateTable('products').set({ in_stock: true }).where('category_id', '=', 'vegetables').executeTakeFirst();
    expect(Number(moved.numUpdatedRows)).toBeGreaterThan(1);
  });

  it('sees a schema change made after its statements were prepared', async () => {
    await run('create table wire_shape (id int primary key)');
    await run('insert into wire_shape values (1)');
    expect((await run('select * from wire_shape')).rows).toEqual([{ id: 1 }]);
    await run("alter table wire_shape add column label text not null default 'new'");
    expect((await run('select * from wire_shape')).rows).toEqual([{ id: 1, label: 'new' }]);
  });

  it('keeps a bounded number of statements and still runs the ones it let go', async () => {
    for (let index = 0; index < 300; index += 1) await run(`select $1::int + ${index} as n`, [1]);
    expect((await run('select $1::int + 0 as n', [41])).rows).toEqual([{ n: 41 }]);
    const kept = (await pglite.query<{ n: number }>("select count(*)::int as n from pg_prepared_statements where statement like 'select $1::int + %'")).rows[0].n;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThanOrEqual(256);
  });

  // A catalog read needs no database; it needs the event loop to read its socket. PGlite answers in
  // microtasks, so queries queued one behind another would otherwise run 50 shoppers' orders before
  // the loop turned once.
  it('lets the event loop answer between one queued query and the next', async () => {
    let answered = 0;
    const queued = Array.from({ length: 20 }, () => db.selectNoFrom(sql<number>`1`.as('one')).execute().then(() => (answered += 1)));
    const answeredBeforeTheLoopTurned = await new Promise<number>((resolve) => setImmediate(() => resolve(answered)));
    await Promise.all(queued);
    expect(answered).toBe(20);
    expect(answeredBeforeTheLoopTurned).toBeLessThan(3);
  });

  it('keeps a transaction whole while other queries wait their turn', async () => {
    await run('create table turn_order (id serial primary key, label text)');
    const inside = db.transaction().execute(async (trx) => {
      await trx.insertInto('turn_order' as never).values({ label: 'first' } as never).execute();
      await trx.insertInto('turn_order' as never).values({ label: 'second' } as never).execute();
    });
    const outside = run("insert into turn_order (label) values ('outside')");
    await Promise.all([inside, outside]);
    expect((await run('select label from turn_order order by id')).rows).toEqual([{ label: 'first' }, { label: 'second' }, { label: 'outside' }]);
  });
});
