// The real process, as `npm start` runs it: configuration, first start on an empty data folder,
// and a restart that keeps what shoppers saved.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { seedProducts } from '../../server/modules/catalog/seed/catalog';
import { emptyPostgresDatabase, postgresUrl } from '../support/database';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'isoko-start-'));
// The server as npm start runs it: built into one file (npm run build:server), run with plain node.
const bundle = path.join(root, '.tmp', `start-test-${process.pid}`, 'main.mjs');
let port = 0;
let base = '';

/** A port nothing listens on now: the system picks it, and we let it go for the server to take. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as { port: number };
      probe.close(() => resolve(free));
    });
  });
}

function startServer(environment: Record<string, string>): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  let output = '';
  const child = spawn(process.execPath, [bundle], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_REQUESTS: 'false', WEB_DIST_DIR: path.join(dataDir, 'no-web'), ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, output: () => output, exited };
}

async function waitForHealth(server: { output: () => string }): Promise<void> {
  // A first start creates and seeds a database; on a 2-core machine also running the browser tests
  // and other suites that has taken over a minute.
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not become healthy; it printed:\n${server.output()}`);
}

// On the PostgreSQL pass the same start runs against an empty PostgreSQL database instead.
let databaseUrl = '';
let dropDatabase = async () => {};
const expectedKind = postgresUrl() ? 'postgres' : 'pglite';
beforeAll(async () => {
  const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts', bundle], { cwd: root, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`npm run build:server failed: ${built.stderr}`);
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const url = postgresUrl();
  if (!url) return;
  const database = await emptyPostgresDatabase(url);
  databaseUrl = database.url;
  dropDatabase = database.drop;
});
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(path.dirname(bundle), { recursive: true, force: true });
  await dropDatabase();
});

describe('npm start', () => {
  it('stops with a message naming a bad setting', async () => {
    const server = startServer({ PORT: 'not-a-port', DATA_DIR: dataDir });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/Invalid configuration/);
    expect(server.output()).toMatch(/PORT="not-a-port"/);
  });

  it('stops on a bad SMTP_URL with a line naming it, never printing its password', async () => {
    const server = startServer({ SMTP_URL: 'smtp://shop:hunter2-secret@mail.example.rw:587/x', MAIL_FROM: 'shop@example.rw', DATA_DIR: dataDir });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/^ {2}SMTP_URL="smtp:\/\/\*\*\*@mail\.example\.rw:587\/x": must be smtp:\/\/user:password@host:port/m);
    expect(server.output()).not.toContain('hunter2');
  });

  it('seeds an empty database on first start and keeps accounts across a restart', async () => {
    const first = startServer({ PORT: String(port), DATA_DIR: dataDir });
    // Stopped whatever happens, so it is not still writing the data folder when the test removes it.
    onTestFinished(() => {
      first.child.kill('SIGKILL');
    });
    await waitForHealth(first);
    const health = await (await fetch(`${base}/api/health`)).json();
    expect(health).toEqual({ ok: true, database: expectedKind });
    const catalog = await (await fetch(`${base}/api/product/getAllProducts`)).json();
    expect(catalog.pagination.total).toBe(seedProducts.length);
    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toMatch(/<html/i);

    const register = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ fullName: 'Restart Check', email: 'restart@example.rw', password: 'secret-123' }),
    });
    expect(register.status).toBe(201);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = startServer({ PORT: String(port), DATA_DIR: dataDir });
    try {
      await waitForHealth(second);
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ identifier: 'RESTART@example.rw', password: 'secret-123' }),
      });
      expect(login.status).toBe(200);
      const again = await (await fetch(`${base}/api/product/getAllProducts`)).json();
      expect(again.pagination.total).toBe(catalog.pagination.total);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  }, 360_000);
});
