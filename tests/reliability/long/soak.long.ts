// Soak: mixed traffic from a second process on 127.0.0.1 against the real server for
// SOAK_SECONDS (300 by default; 20 for a smoke run). No request may fail, and the server's
// resident memory must stay flat: it is reported at the start, the middle and the end, and the
// end may not be more than a quarter above the middle (a leak grows steadily; warm-up does not).
import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyPostgresDatabase, postgresUrl } from '../../support/database';
import { roomForEveryOrder } from '../../support/delivery-room';
import { ROOT, startServer } from './server-process';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);

function runTraffic(url: string): Promise<{ requests: number; errors: number; samples: string[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/reliability/long/soak-traffic.ts', url, String(SECONDS)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      const last = output.trim().split('\n').at(-1) ?? '';
      try {
        resolve(JSON.parse(last));
      } catch {
        reject(new Error(`the traffic process exited ${code} without a summary:\n${output}`));
      }
    });
  });
}

describe(`soak: ${SECONDS} s of mixed traffic from a second process (${postgresUrl() ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('answers every request, and the server stays flat in memory', async () => {
    const url = postgresUrl();
    const where: { dataDir?: string; databaseUrl?: string } = {};
    if (url) {
      const database = await emptyPostgresDatabase(url);
      cleanups.push(database.drop);
      where.databaseUrl = database.url;
    } else {
      where.dataDir = await mkdtemp(path.join(tmpdir(), 'isoko-soak-'));
      cleanups.push(() => rm(where.dataDir!, { recursive: true, force: true }));
    }
    await roomForEveryOrder(where);
    const server = await startServer(where);
    cleanups.push(() => server.kill('SIGKILL'));

    const rss: Array<{ at: number; bytes: number }> = [];
    const started = Date.now();
    const sampler = setInterval(() => rss.push({ at: Date.now() - started, bytes: server.rss() }), 1000);
    const result = await runTraffic(server.url);
    clearInterval(sampler);
    await server.kill('SIGTERM');

    const near = (fraction: number) => rss.reduce((best, sample) => (Math.abs(sample.at - fraction * SECONDS * 1000) < Math.abs(best.at - fraction * SECONDS * 1000) ? sample : best));
    const [start, middle, end] = [near(0), near(0.5), near(1)].map((sample) => sample.bytes);
    const errorRate = result.requests ? result.errors / result.requests : 1;
    const report = `soak: ${SECONDS} s, ${result.requests} requests (${Math.round(result.requests / SECONDS)}/s), ${result.errors} errors (rate ${errorRate}), server RSS start ${megabytes(start)} MB, middle ${megabytes(middle)} MB, end ${megabytes(end)} MB`;
    console.log(report);
    mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
    appendFileSync(path.join(ROOT, '.tmp/reliability-figures.txt'), `${new Date().toISOString()} ${report}\n`);

    expect(result.samples, 'the first failed requests').toEqual([]);
    expect(result.errors).toBe(0);
    expect(result.requests).toBeGreaterThan(SECONDS * 5);
    expect(end, report).toBeLessThanOrEqual(middle * 1.25);
  }, (SECONDS + 240) * 1000);
});
