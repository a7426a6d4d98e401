// Opens the shop's database: embedded PGlite in a folder by default, a PostgreSQL server when a
// URL is given. Either way the same migrations run before anything else touches it.
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { shareChangesInProcess, shareChangesThroughPostgres, stopSharingChanges, type ChangesLog } from './changes';
import { migrateToLatest } from './migrate';
import { PGliteDialect, type PGliteStatements } from './pglite-dialect';
import { startFromPreparedFolder } from './pglite-folder';
import type { Database } from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

export interface OpenDatabase {
  db: Kysely<Database>;
  kind: DatabaseKind;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  /** An already-open PGlite (tests load a prepared one); wins over dataDir. */
  pglite?: PGlite;
  /** Pool size for a PostgreSQL server (one more connection listens for other instances' changes). */
  poolSize?: number;
  /** Where the listening connection says it was lost or came back; silent by default. */
  log?: ChangesLog;
  /** How statements reach embedded PGlite: prepared (the shop), or PGlite's own query() (the bench's plain peer). */
  pgliteStatements?: PGliteStatements;
}

// Counts and sums come back as bigint strings from PostgreSQL; the shop's numbers fit in a double.
pg.types.setTypeParser(20, (value: string) => Number.parseInt(value, 10));

/**
 * PGlite runs PostgreSQL in one WebAssembly heap that grows and never gives memory back. PostgreSQL's
 * defaults (128 MB of shared buffers, 4 MB per sort, 64 MB per index build) are sized for a server of
 * its own; the shop reads its catalog from memory caches, so a small buffer pool is enough, and the
 * server starts about 140 MB smaller (npm run bench load, memory row).
 */
export const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...['-c', 'shared_buffers=16MB', '-c', 'work_mem=2MB', '-c', 'maintenance_work_mem=16MB', '-c', 'temp_buffers=2MB'],
];

export async function openDatabase(options: DatabaseOptions): Promise<OpenDatabase> {
  if (options.databaseUrl && !options.pglite) {
    const log = options.log ?? { info() {}, warn() {} };
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle connection PostgreSQL ends (a restart, a fail-over, an administrator) is an 'error' on
    // the pool; unheard, Node would stop the whole server. The pool drops that connection and opens
    // another for the next query.
    pool.on('error', (error) => log.warn('database_connection_lost', { reason: error.message }));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    await migrateToLatest(db);
    await shareChangesThroughPostgres(db, { databaseUrl: options.databaseUrl, log });
    const close = async () => {
      await stopSharingChanges(db);
      await db.destroy();
    };
    return { db, kind: 'postgres', close };
  }
  let pglite = options.pglite;
  if (!pglite) {
    startFromPreparedFolder(options.dataDir);
    pglite = await PGlite.create(options.dataDir, { startParams: PGLITE_START_PARAMS });
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite, options.pgliteStatements) });
  await migrateToLatest(db);
  shareChangesInProcess(db);
  return { db, kind: 'pglite', close: () => db.destroy() };
}
