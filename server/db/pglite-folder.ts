// An embedded database's folder. On an empty folder PGlite runs initdb in a second, temporary
// PostgreSQL instance beside the first, so for a moment a first start holds two (and their memory
// until the garbage collector next runs): about 800 MB of resident memory, against about 300 for a
// restart (npm run bench load). npm run build prepares such a folder once, at build time
// (dist/pglite-folder-<version>); a first start copies it into the data folder and then opens it as a
// restart does. Without it (npm run dev, a test) PGlite's own initdb runs as before.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { isProcessRunning } from './process-running';

/** The PGlite release that writes the folder: a folder prepared by another release is not used. */
function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = path.join(entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`)), 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** Where npm run build keeps the prepared folder. */
export function preparedFolderPath(): string {
  return path.resolve(import.meta.dirname, '../../dist', `pglite-folder-${pgliteVersion()}`);
}

/** Build time: an initdb'd, empty PostgreSQL folder at `target`, unless one is there already. */
export async function prepareEmptyFolder(target = preparedFolderPath()): Promise<void> {
  if (existsSync(path.join(target, 'PG_VERSION'))) return;
  const partial = `${target}.${process.pid}.partial`;
  rmSync(partial, { recursive: true, force: true });
  // PGlite makes only the last folder of the path: a fresh clone's first `npm run build:server` has no dist/.
  mkdirSync(path.dirname(partial), { recursive: true });
  try {
    const pglite = await PGlite.create(partial);
    await pglite.close();
    rmSync(path.join(partial, 'postmaster.pid'), { force: true });
    renameSync(partial, target);
  } catch (error) {
    // A full disk, or another build prepared it at the same moment (theirs is as good): either way
    // this one's half is removed.
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(path.join(target, 'PG_VERSION'))) throw error;
  }
}

const isEmptyOrMissing = (folder: string) => !existsSync(folder) || readdirSync(folder).length === 0;

/**
 * Readies `dataDir` for PGlite.create: an empty (or missing) folder gets a copy of the prepared one
 * when npm run build made it, written beside it and renamed into place so a start stopped halfway
 * leaves no half a database. Returns whether it did.
 */
export function startFromPreparedFolder(dataDir: string, prepared = preparedFolderPath()): boolean {
  if (!isEmptyOrMissing(dataDir) || !existsSync(path.join(prepared, 'PG_VERSION'))) {
    mkdirSync(dataDir, { recursive: true });
    return false;
  }
  const partial = `${path.resolve(dataDir)}.${process.pid}.partial`;
  removeStalePartials(dataDir);
  try {
    cpSync(prepared, partial, { recursive: true });
    // Over the empty folder, if there is one (rename replaces an empty directory).
    renameSync(partial, dataDir);
  } catch (error) {
    // A full disk (or any failed copy) leaves nothing behind: the next start tries afresh.
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
  return true;
}

/** Partial copies beside the data folder (`<folder>.<pid>.partial`) whose start died mid-copy (killed, the machine off). */
function removeStalePartials(dataDir: string): void {
  const parent = path.dirname(path.resolve(dataDir));
  const prefix = `${path.basename(path.resolve(dataDir))}.`;
  for (const name of existsSync(parent) ? readdirSync(parent) : []) {
    if (!name.startsWith(prefix) || !name.endsWith('.partial')) continue;
    const pid = name.slice(prefix.length, -'.partial'.length);
    if (/^\d+$/.test(pid) && (Number(pid) === process.pid || !isProcessRunning(Number(pid)))) rmSync(path.join(parent, name), { recursive: true, force: true });
  }
}
