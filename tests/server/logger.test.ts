// The log (lib/logger.ts): one JSON line per event, request lines gathered into few writes, none
// split across writes and none lost or reordered.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { consoleLogger } from '../../server/lib/logger';

let writes: string[] = [];
beforeEach(() => {
  writes = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    writes.push(String(chunk));
    return true;
  });
});
afterEach(() => vi.restoreAllMocks());

it('writes a busy moment of request lines in a few whole-line writes a pipe keeps atomic, in order', async () => {
  const log = consoleLogger();
  for (let index = 0; index < 200; index += 1) log.info('request', { method: 'GET', path: `/api/product/getProductDetails/product-${index}`, status: 200, ms: 0.4 });
  await nextTurn();
  const lines = writes.join('').split('\n').filter(Boolean).map((text) => JSON.parse(text) as { path: string; level: string });
  expect(lines.map((line) => line.path)).toEqual(Array.from({ length: 200 }, (_, index) => `/api/product/getProductDetails/product-${index}`));
  expect(lines.every((line) => line.level === 'info')).toBe(true);
  expect(writes.length).toBeLessThan(40);
  for (const write of writes) {
    expect(write.endsWith('\n')).toBe(true);
    expect(Buffer.byteLength(write)).toBeLessThanOrEqual(4096);
  }
});

it('writes what it gathered before a warning, and everything by the next turn', async () => {
  const warned: string[] = [];
  vi.spyOn(console, 'warn').mockImplementation((text: string) => void warned.push(`${writes.length}:${text}`));
  const log = consoleLogger();
  log.info('listening', { url: 'http://localhost:3000' });
  log.warn('ussd_secret_missing');
  expect(writes.join('')).toContain('"listening"');
  expect(warned[0]).toMatch(/^1:.*"ussd_secret_missing"/);
  log.info('request', { path: '/' });
  await nextTurn();
  expect(writes.join('')).toContain('"request"');
});
