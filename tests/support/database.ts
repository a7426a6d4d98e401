// Test databases. Creating a PGlite database takes seconds, so a migrated and seeded one is made
// once and every test file loads its own copy from that snapshot. The snapshot is kept between runs
// under a hash of what builds it (migrations, seed, PGlite's version): it is remade only when one of
// those changes. With TEST_DATABASE_URL, each test file gets a fresh PostgreSQL database copied from
// a template made once per run.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile, writeFile, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, PGLITE_START_PARAMS, type OpenDatabase } from '../../server/db/connect';
import { seedCatalog } from '../../server/modules/catalog/seed/seed-catalog';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SNAPSHOT_DIR = path.join(ROOT, '.tmp');
const SNAPSHOT_PREFIX = 'test-pglite-snapshot-';

/** Every file that decides what the snapshot holds: the database code (migrations, driver), the
 *  catalog's seed and the money conversion it uses, and the PGlite build that wrote the data directory. */
function snapshotInputs(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    );
  return [
    ...walk(path.join(ROOT, 'server/db')),
    ...walk(path.join(ROOT, 'server/modules/catalog/seed')),
    path.join(ROOT, 'server/lib/money.ts'),
    path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json'),
  ].sort();
}

function snapshotHash(): string {
  const hash = createHash('sha256');
  for (const file of snapshotInputs()) hash.update(path.relative(ROOT, file)).update('\0').update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

export const SNAPSHOT_PATH = path.join(SNAPSHOT_DIR, `${SNAPSHOT_PREFIX}${snapshotHash()}.tar`);
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

/**
 * Drops a test database, ending its sessions. A role that may not end an autovacuum worker (one
 * without pg_signal_backend, which scripts/postgres.sh grants) is refused while a worker is in the
 * database (42501); the worker is done within moments, so the drop is tried again for up to 10 s.
 */
async function dropDatabase(url: string, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } catch (error) {
      if ((error as { code?: string }).code !== '42501' || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** An empty PostgreSQL database (no migrations), for tests of a first start. */
export async function emptyPostgresDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `isoko_empty_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(url, `CREATE DATABASE ${name}`);
  return { url: withDatabase(url, name), drop: () => dropDatabase(url, name) };
}

/** Global setup: the migrated, seeded starting point every test file copies. */
export async function prepareTemplate(url = postgresUrl()): Promise<void> {
  if (url) {
    await dropDatabase(url, TEMPLATE_DB);
    await adminQuery(url, `CREATE DATABASE ${TEMPLATE_DB}`);
    const database = await openDatabase({ databaseUrl: withDatabase(url, TEMPLATE_DB), dataDir: '' });
    await seedCatalog(database.db);
    await database.close();
    return;
  }
  if (existsSync(SNAPSHOT_PATH)) return;
  const pglite = await PGlite.create({ startParams: PGLITE_START_PARAMS });
  const database = await openDatabase({ dataDir: '', pglite });
  await seedCatalog(database.db);
  // Kept uncompressed: every test file loads it, and unpacking 40 MB costs each of them CPU.
  const snapshot = await pglite.dumpDataDir('none');
  await database.close();
  // Written aside and renamed into place, so a reader never loads half a file; older snapshots go.
  await mkdir(SNAPSHOT_DIR, { recursive: true });
  const partial = `${SNAPSHOT_PATH}.${process.pid}.partial`;
  await writeFile(partial, Buffer.from(await snapshot.arrayBuffer()));
  await rename(partial, SNAPSHOT_PATH);
  for (const file of readdirSync(SNAPSHOT_DIR)) {
    const stale = file.startsWith(SNAPSHOT_PREFIX) && path.join(SNAPSHOT_DIR, file) !== SNAPSHOT_PATH && !file.endsWith('.partial');
    if (stale) await rm(path.join(SNAPSHOT_DIR, file), { force: true });
  }
}

/** A PostgreSQL database of its own, migrated and seeded (a copy of the template), by URL: for a test that opens it more than once, as two instances would. */
export async function seededPostgresDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `isoko_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
  return { url: withDatabase(url, name), drop: () => dropDatabase(url, name) };
}

/** A database of its own for one test file, already migrated and seeded. */
export async function openTestDatabase(): Promise<OpenDatabase> {
  const url = postgresUrl();
  if (url) {
    const copy = await seededPostgresDatabase(url);
    const database = await openDatabase({ databaseUrl: copy.url, dataDir: '', poolSize: 5 });
    return {
      ...database,
      async close() {
        await database.close();
        await copy.drop();
      },
    };
  }
  return openDatabase({ dataDir: '', pglite: await openTestPGlite() });
}

/** An embedded PGlite of its own for one test file, loaded from the snapshot (migrated and seeded). */
export async function openTestPGlite(): Promise<PGlite> {
  if (!existsSync(SNAPSHOT_PATH)) await prepareTemplate();
  return PGlite.create({ loadDataDir: await snapshotTarball(), startParams: PGLITE_START_PARAMS });
}

// The snapshot's bytes, read once per worker: a worker runs file after file on the same modules.
let snapshotBytes: Promise<ArrayBuffer> | undefined;

/**
 * The snapshot as PGlite's `loadDataDir` takes it. PGlite asks the Blob only for its type and its
 * bytes; a Node Blob hands 40 MB over in small chunks that it then joins, which cost every test file
 * 0.4 s of CPU, plus 0.13 s to read the file again. PGlite copies each file it unpacks into its own
 * memory and never writes to the tarball, so one buffer serves every database the worker opens.
 */
async function snapshotTarball(): Promise<Blob> {
  snapshotBytes ??= readFile(SNAPSHOT_PATH).then((file) => file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength));
  const bytes = await snapshotBytes;
  const tarball: Pick<Blob, 'type' | 'size' | 'arrayBuffer'> = { type: 'application/x-tar', size: bytes.byteLength, arrayBuffer: async () => bytes };
  return tarball as Blob;
}
