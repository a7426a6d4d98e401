// A first start on an empty data folder copies the folder npm run build prepared (initdb done at build
// time, server/db/pglite-folder.ts) instead of running initdb beside the database; a folder that holds
// anything is never touched, and a copy that fails (a full disk) leaves no partial folder behind.
// (tests/server/start.test.ts starts the built server on an empty folder.)
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startFromPreparedFolder } from '../../server/db/pglite-folder';

const scratch = mkdtempSync(path.join(tmpdir(), 'isoko-folder-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Stands in for the prepared folder: what matters here is which files end up where. */
function prepared(): string {
  const folder = path.join(scratch, `prepared-${Math.random().toString(36).slice(2)}`);
  mkdirSync(path.join(folder, 'base'), { recursive: true });
  writeFileSync(path.join(folder, 'PG_VERSION'), '18\n');
  writeFileSync(path.join(folder, 'base', 'marker'), 'from the build');
  return folder;
}

it('copies the prepared folder into a missing or empty data folder, whole', () => {
  const from = prepared();
  const missing = path.join(scratch, 'missing');
  expect(startFromPreparedFolder(missing, from)).toBe(true);
  expect(readFileSync(path.join(missing, 'base', 'marker'), 'utf8')).toBe('from the build');

  const empty = path.join(scratch, 'empty');
  mkdirSync(empty);
  expect(startFromPreparedFolder(empty, from)).toBe(true);
  expect(readdirSync(empty).sort()).toEqual(['PG_VERSION', 'base']);
  expect(readdirSync(scratch).filter((name) => name.includes('partial'))).toEqual([]);
});

it('never touches a data folder that holds anything, and makes the folder when nothing was prepared', () => {
  const from = prepared();
  const used = path.join(scratch, 'used');
  mkdirSync(path.join(used, 'uploads'), { recursive: true });
  expect(startFromPreparedFolder(used, from)).toBe(false);
  expect(readdirSync(used)).toEqual(['uploads']);

  const fresh = path.join(scratch, 'fresh');
  expect(startFromPreparedFolder(fresh, path.join(scratch, 'never-built'))).toBe(false);
  expect(existsSync(fresh)).toBe(true);
  expect(readdirSync(fresh)).toEqual([]);
});

it('a copy that fails midway (a full disk) leaves no partial folder, try after try, nor one a killed start left', async () => {
  const from = prepared();
  // A socket cannot be copied: the copy fails after the files before it are written, as a full disk would.
  const socket = createServer();
  await new Promise<void>((resolve) => socket.listen(path.join(from, 'base', 'socket'), resolve));
  try {
    const dataDir = path.join(scratch, 'full-disk');
    // What a start killed mid-copy left, by a process no longer running.
    mkdirSync(`${dataDir}.999999999.partial`);
    for (let attempt = 0; attempt < 3; attempt += 1) expect(() => startFromPreparedFolder(dataDir, from)).toThrow();
    expect(readdirSync(scratch).filter((name) => name.startsWith('full-disk'))).toEqual([]);
  } finally {
    socket.close();
  }
});
