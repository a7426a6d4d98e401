// Test databases. Creating a PGlite database takes seconds, so a migrated and seeded one is made
// once per run (global setup) and every test file loads its own copy from that snapshot. With
// TEST_DATABASE_URL, each test file gets a fresh PostgreSQL database copied from a template.
import { existsSync } from 'node:fs';
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, type OpenDatabase } from '../../server/db/connect';
import { seedCatalog } from '../../server/db/seed/seed-catalog';

export const SNAPSHOT_PATH = path.resolve(import.meta.dirname, '../../.tmp/test-pglite-snapshot.tgz');
const TEMPLATE_DB = 'isoko_test_template';

export const postgresUrl = () => process.env.TEST_DATABASE_URL?.trim() || undefined;

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** An empty PostgreSQL database (no migrations), for tests of a first start. */
export async function emptyPostgresDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `isoko_empty_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(url, `CREATE DATABASE ${name}`);
  return { url: withDatabase(url, name), drop: () => adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** Global setup: the migrated, seeded starting point every test file copies. */
export async function prepareTemplate(): Promise<void> {
  const url = postgresUrl();
  if (url) {
    await adminQuery(url, `DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
    await adminQuery(url, `CREATE DATABASE ${TEMPLATE_DB}`);
    const database = await openDatabase({ databaseUrl: withDatabase(url, TEMPLATE_DB), dataDir: '' });
    await seedCatalog(database.db);
    await database.close();
    return;
  }
  const pglite = await PGlite.create();
  const database = await openDatabase({ dataDir: '', pglite });
  await seedCatalog(database.db);
  const snapshot = await pglite.dumpDataDir('gzip');
  await mkdir(path.dirname(SNAPSHOT_PATH), { recursive: true });
  await writeFile(SNAPSHOT_PATH, Buffer.from(await snapshot.arrayBuffer()));
  await database.close();
}

/** A database of its own for one test file, already migrated and seeded. */
export async function openTestDatabase(): Promise<OpenDatabase> {
  const url = postgresUrl();
  if (url) {
    const name = `isoko_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
    const database = await openDatabase({ databaseUrl: withDatabase(url, name), dataDir: '', poolSize: 5 });
    return {
      ...database,
      async close() {
        await database.close();
        await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  }
  if (!existsSync(SNAPSHOT_PATH)) await prepareTemplate();
  const snapshot = new Blob([await readFile(SNAPSHOT_PATH)]);
  const pglite = await PGlite.create({ loadDataDir: snapshot });
  return openDatabase({ dataDir: '', pglite });
}
