// `npm run backup -- <file>` and `npm run restore -- <file> [--force]`: a copy of the whole shop
// (users, orders, carts, catalogue) and the way back. On embedded PGlite the copy is PGlite's own
// data-directory dump, made with the server stopped (two processes must never open one PGlite
// folder); on a PostgreSQL server it is pg_dump's custom format, made while the shop runs.
// Restore never replaces a database that holds data unless told to with --force; the PGlite
// folder it replaces is kept beside it. An embedded-database backup restored with DATABASE_URL set
// moves the shop to that PostgreSQL server (move-to-postgres.ts).
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readlinkSync, realpathSync } from 'node:fs';
import { open, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import pg from 'pg';
import { loadConfig } from '../config';
import { MoveError, movePgliteBackupToPostgres } from './move-to-postgres';

const run = promisify(execFile);

export class BackupError extends Error {}

export interface Target {
  /** A PostgreSQL server's URL; without it, the PGlite folder dataDir. */
  databaseUrl?: string;
  dataDir: string;
}

// ---------------------------------------------------------------------------------------------
// PGlite

/** The folder's real path: a process's open files are listed by theirs, whatever link it was opened by. */
function realFolder(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return path.resolve(dir);
  }
}

/** Whether another process has files of this folder open (Linux: /proc), i.e. a server runs on it. */
export function folderInUse(dir: string): boolean {
  const prefix = `${realFolder(dir)}/`;
  if (!existsSync('/proc/self/fd')) return existsSync(path.join(dir, 'postmaster.pid'));
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid)) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // gone, or not ours to look at
    }
    for (const fd of fds) {
      try {
        if (readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith(prefix)) return true;
      } catch {
        // closed meanwhile
      }
    }
  }
  return false;
}

const holdsDatabase = (dir: string) => existsSync(path.join(dir, 'PG_VERSION'));

function refuseWhileRunning(dir: string) {
  if (folderInUse(dir)) {
    throw new BackupError(`The shop is running on ${dir}: stop it first (an embedded database is copied while stopped).`);
  }
}

/**
 * An error as a sentence an operator can read: PGlite's file errors are plain objects (an
 * Emscripten ErrnoError, { name, errno }) that String() prints as "[object Object]".
 */
export function errorSentence(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'object' && error !== null) {
    const { message, name, errno } = error as { message?: unknown; name?: unknown; errno?: unknown };
    if (typeof message === 'string' && message) return message;
    if (errno !== undefined) return `${typeof name === 'string' ? name : 'file error'} ${String(errno)} (a file of the database could not be opened)`;
  }
  const text = String(error);
  return text === '[object Object]' ? 'an unknown error' : text;
}

/** Opens the folder's database, or says in a sentence why it could not (most often: a server holds it). */
async function openPglite(dataDir: string, options: PGliteOptions = { dataDir }): Promise<PGlite> {
  try {
    return await PGlite.create(options);
  } catch (error) {
    throw new BackupError(`The embedded database in ${dataDir} could not be opened: ${errorSentence(error)}. If the shop is running on it, stop it first.`);
  }
}

async function backupPglite(dataDir: string, file: string): Promise<string> {
  if (!holdsDatabase(dataDir)) throw new BackupError(`There is no database in ${dataDir} to back up.`);
  refuseWhileRunning(dataDir);
  const pglite = await openPglite(dataDir);
  try {
    const dump = await pglite.dumpDataDir('gzip');
    await writeAtomically(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await pglite.close();
  }
  return `PGlite ${dataDir}`;
}

async function restorePglite(dataDir: string, file: string, force: boolean): Promise<string> {
  const archive = await readFile(file);
  if (archive[0] !== 0x1f || archive[1] !== 0x8b) {
    throw new BackupError(`${file} is not an embedded-database backup (made by npm run backup without DATABASE_URL).`);
  }
  if (holdsDatabase(dataDir)) {
    refuseWhileRunning(dataDir);
    if (!force) throw new BackupError(`${dataDir} already holds a database: add --force to replace it (the old one is kept beside it).`);
    const keptAt = `${path.resolve(dataDir)}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    await rename(dataDir, keptAt);
    console.log(`The database that was in ${dataDir} is kept at ${keptAt}.`);
  }
  const pglite = await openPglite(dataDir, { dataDir, loadDataDir: new Blob([archive]) });
  await pglite.close();
  return `PGlite ${dataDir}`;
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

async function tableCount(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ count: string }>(`SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'`);
    return Number(result.rows[0].count);
  } finally {
    await client.end();
  }
}

async function backupPostgres(databaseUrl: string, file: string): Promise<string> {
  const partial = `${file}.partial`;
  await run('pg_dump', ['--format=custom', '--no-owner', `--file=${partial}`, `--dbname=${databaseUrl}`]);
  await rename(partial, file);
  return 'PostgreSQL';
}

async function restorePostgres(databaseUrl: string, file: string, force: boolean): Promise<string> {
  const handle = await open(file, 'r');
  const { buffer } = await handle.read(Buffer.alloc(5), 0, 5, 0);
  await handle.close();
  if (buffer.toString('latin1') !== 'PGDMP') {
    throw new BackupError(`${file} is not a PostgreSQL backup (made by npm run backup with DATABASE_URL).`);
  }
  if ((await tableCount(databaseUrl)) > 0 && !force) {
    throw new BackupError('The database already holds tables: add --force to replace them with the backup.');
  }
  // One transaction: a restore that fails half-way leaves the database as it was.
  await run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', `--dbname=${databaseUrl}`, file]);
  return 'PostgreSQL';
}

// ---------------------------------------------------------------------------------------------

async function writeAtomically(file: string, content: Buffer) {
  const partial = `${file}.partial`;
  await writeFile(partial, content);
  await rename(partial, file);
}

export async function backup(target: Target, file: string): Promise<string> {
  return target.databaseUrl ? backupPostgres(target.databaseUrl, file) : backupPglite(target.dataDir, file);
}

export async function restore(target: Target, file: string, { force = false } = {}): Promise<string> {
  if (!existsSync(file)) throw new BackupError(`There is no backup file ${file}.`);
  if (target.databaseUrl && (await isEmbeddedBackup(file))) return moveToPostgres(target.databaseUrl, file, force);
  return target.databaseUrl ? restorePostgres(target.databaseUrl, file, force) : restorePglite(target.dataDir, file, force);
}

async function isEmbeddedBackup(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  const { buffer } = await handle.read(Buffer.alloc(2), 0, 2, 0);
  await handle.close();
  return buffer[0] === 0x1f && buffer[1] === 0x8b;
}

/** An embedded-database backup into a PostgreSQL server: the shop moves there. */
async function moveToPostgres(databaseUrl: string, file: string, force: boolean): Promise<string> {
  try {
    const moved = await movePgliteBackupToPostgres(await readFile(file), databaseUrl, { force });
    return `PostgreSQL (moved from the embedded database: ${moved.rows} rows in ${moved.tables} tables, ${moved.images} uploaded images)`;
  } catch (error) {
    if (error instanceof MoveError) throw new BackupError(error.message);
    throw error;
  }
}

async function main(argv: string[]): Promise<void> {
  const [verb, ...rest] = argv;
  const file = rest.find((arg) => !arg.startsWith('--'));
  if ((verb !== 'backup' && verb !== 'restore') || !file) {
    throw new BackupError('Usage: npm run backup -- <file>   |   npm run restore -- <file> [--force]');
  }
  const config = loadConfig();
  const target = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
  if (verb === 'backup') console.log(`Backed up ${await backup(target, file)} to ${file}.`);
  else console.log(`Restored ${file} into ${await restore(target, file, { force: rest.includes('--force') })}.`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(errorSentence(error));
    process.exitCode = 1;
  });
}
