// npm run backup on the embedded database refuses a folder a running shop holds, also when DATA_DIR
// names it through a symbolic link, and says in a sentence why it failed, never "[object Object]"
// (server/db/backup.ts; the whole round trip is tests/reliability/long/backup-restore.long.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { backup, errorSentence, folderInUse } from '../../server/db/backup';

const scratch = mkdtempSync(path.join(tmpdir(), 'isoko-backup-'));
let holder: ChildProcess | undefined;
afterAll(() => {
  holder?.kill('SIGKILL');
  rmSync(scratch, { recursive: true, force: true });
});

/**
 * A process holding a file of `dataDir` open, as a running shop holds its database's: what the check
 * looks for (opening a real database here would spend most of this test on PostgreSQL's initdb).
 */
function holdDatabase(dataDir: string): Promise<ChildProcess> {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'PG_VERSION');
  writeFileSync(file, '17\n');
  const script = `require('node:fs').openSync(${JSON.stringify(file)}, 'r'); console.log('holding'); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (data: Buffer) => data.toString().includes('holding') && resolve(child));
    child.once('exit', (code) => reject(new Error(`the holding process ended (${code})`)));
  });
}

it('refuses a database a running shop holds, named by its real path or through a link', async () => {
  const dataDir = path.join(scratch, 'data');
  holder = await holdDatabase(dataDir);
  const linked = path.join(scratch, 'current');
  symlinkSync(dataDir, linked);
  expect(folderInUse(dataDir)).toBe(true);
  expect(folderInUse(linked)).toBe(true);
  const file = path.join(scratch, 'shop.tgz');
  await expect(backup({ dataDir: linked }, file)).rejects.toThrow(`The shop is running on ${linked}: stop it first`);
  expect(existsSync(file)).toBe(false);
});

it('says why in a sentence, also for PGlite\'s file errors, which are plain objects', () => {
  // What PGlite throws when another process holds the folder.
  const locked = { name: 'ErrnoError', errno: 44, stack: '<generic error, no stack>' };
  expect(String(locked)).toBe('[object Object]');
  expect(errorSentence(locked)).toBe('ErrnoError 44 (a file of the database could not be opened)');
  expect(errorSentence(new Error('PGlite failed to initialize properly'))).toBe('PGlite failed to initialize properly');
  expect(errorSentence({})).toBe('an unknown error');
});
