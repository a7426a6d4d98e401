// WEB_CONCURRENCY: `npm start`'s server as several workers (node:cluster) on one port and one
// PostgreSQL; a worker that dies is started again; SIGTERM stops them all. Refused on the embedded
// database, which belongs to one process.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyPostgresDatabase, postgresUrl } from '../support/database';

const root = path.resolve(import.meta.dirname, '../..');

function start(environment: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', LOG_REQUESTS: 'false', WEB_DIST_DIR: 'no-web', ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const events = () =>
    output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { event: string; pid?: number; url?: string });
  return { child, exited, events, output: () => output };
}

async function until<T>(find: () => T | undefined, what: string, output: () => string): Promise<T> {
  const deadline = Date.now() + 150_000;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`no ${what}; the server printed:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('WEB_CONCURRENCY', () => {
  it.skipIf(postgresUrl())('is refused on the embedded database, with the reason', async () => {
    const server = start({ WEB_CONCURRENCY: '2', DATA_DIR: path.join(root, '.tmp', 'never-created') });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/WEB_CONCURRENCY="2": the embedded database belongs to one process: set DATABASE_URL/);
    // The refusal comes after the server's code is loaded through tsx, which passed 30 s beside npm test's
    // other lanes on a busy two-core machine: a longer limit, not a retry.
  }, 120_000);

  it.skipIf(!postgresUrl())('runs that many workers on one port (an empty database migrated and seeded once), starts a dead one again, and stops them all on SIGTERM', async () => {
    const database = await emptyPostgresDatabase(postgresUrl()!);
    cleanups.push(database.drop);
    const server = start({ WEB_CONCURRENCY: '2', DATABASE_URL: database.url });
    cleanups.push(async () => {
      server.child.kill('SIGKILL');
      await server.exited;
    });
    const listening = () => server.events().filter((event) => event.event === 'listening');
    const [first, second] = await until(() => (listening().length >= 2 ? listening() : undefined), 'two workers listening', server.output);
    expect(first.pid).not.toBe(second.pid);
    expect(first.url).toBe(second.url);
    // Both started on the empty database at once: one seeded it, the other found it seeded.
    expect(server.events().filter((event) => event.event === 'seeded')).toHaveLength(1);
    const base = first.url!.replace('localhost', '127.0.0.1');
    const health = await fetch(`${base}/api/health`);
    expect(await health.json()).toEqual({ ok: true, database: 'postgres' });

    process.kill(first.pid!, 'SIGKILL');
    const restarted = await until(() => listening()[2], 'the dead worker started again', server.output);
    expect([first.pid, second.pid]).not.toContain(restarted.pid);
    expect(server.events().some((event) => event.event === 'worker_exited')).toBe(true);
    expect((await fetch(`${base}/api/product/getProductDetails/tomatoes`)).status).toBe(200);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.events().filter((event) => event.event === 'stopped').length).toBe(3); // two workers and the primary
  }, 300_000);
});
