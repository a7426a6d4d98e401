// A real load balancer (HAProxy or nginx from Debian) in front of Isoko instances on 127.0.0.1, for
// the multi-instance tests. It runs the configuration committed in deploy/ as it is, with only the
// test's ports put in place of the addresses written there (a change that moves them fails here, so
// what docs/operating.md shows stays what was tested).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
export type BalancerKind = 'haproxy' | 'nginx';
export const BALANCERS: readonly BalancerKind[] = ['haproxy', 'nginx'];
const BINARIES: Record<BalancerKind, string> = { haproxy: '/usr/sbin/haproxy', nginx: '/usr/sbin/nginx' };

/** The balancers not installed here; CI installs both (.ci/run). */
function missingBalancers(): BalancerKind[] {
  return BALANCERS.filter((kind) => !existsSync(BINARIES[kind]));
}

/** Says what is missing: a skip with the install line here, a failure in CI (CI=true), as the PostgreSQL pass does. */
export function balancersOrSkip(): { skip: boolean; reason: string } {
  const missing = missingBalancers();
  if (!missing.length) return { skip: false, reason: '' };
  const reason = `${missing.join(' and ')} not installed: the load-balancer tests need them (sudo apt-get install -y haproxy nginx)`;
  if (process.env.CI === 'true') throw new Error(`${reason}; CI must run them`);
  console.warn(`Skipped: ${reason}`);
  return { skip: true, reason };
}

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The committed file with the test's addresses in place of the ones written in it. */
function deployedConfig(file: string, replacements: Array<[string, string]>): string {
  let text = readFileSync(path.join(ROOT, 'deploy', file), 'utf8');
  for (const [from, to] of replacements) {
    if (!text.includes(from)) throw new Error(`deploy/${file} no longer holds "${from}": update the load-balancer tests with it`);
    text = text.replaceAll(from, to);
  }
  return text;
}

export interface Balancer {
  kind: BalancerKind;
  url: string;
  /** nginx only: reloads with these instances (host:port) marked `down`, and resolves once the old workers have gone. */
  markDown(instances: string[]): Promise<void>;
  output(): string;
  stop(): Promise<void>;
}

/** Starts the balancer on a free port in front of two instances (host:port each), round robin. */
export async function startBalancer(kind: BalancerKind, instances: [string, string]): Promise<Balancer> {
  const dir = await mkdtemp(path.join(tmpdir(), `isoko-${kind}-`));
  const port = await freePort();
  const configure = (down: string[] = []) =>
    kind === 'haproxy'
      ? deployedConfig('haproxy.cfg', [
          ['bind :8080', `bind 127.0.0.1:${port}`],
          ['127.0.0.1:3001', instances[0]],
          ['127.0.0.1:3002', instances[1]],
        ])
      : deployedConfig('nginx.conf', [
          ['listen 8080;', `listen 127.0.0.1:${port};`],
          ['server 127.0.0.1:3001 max_fails=1 fail_timeout=5s;', `server ${instances[0]} max_fails=1 fail_timeout=5s${down.includes(instances[0]) ? ' down' : ''};`],
          ['server 127.0.0.1:3002 max_fails=1 fail_timeout=5s;', `server ${instances[1]} max_fails=1 fail_timeout=5s${down.includes(instances[1]) ? ' down' : ''};`],
        ]);
  let child: ChildProcess;
  if (kind === 'haproxy') {
    // Debian's own global section holds logging, user and chroot; the test needs none of them.
    await writeFile(path.join(dir, 'global.cfg'), 'global\n    maxconn 2000\n');
    await writeFile(path.join(dir, 'isoko.cfg'), configure());
    child = spawn(BINARIES.haproxy, ['-db', '-f', path.join(dir, 'global.cfg'), '-f', path.join(dir, 'isoko.cfg')], { stdio: ['ignore', 'pipe', 'pipe'] });
  } else {
    // nginx.conf's part is what an operator puts in conf.d; around it, what Debian's nginx.conf gives.
    for (const temp of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) await mkdir(path.join(dir, temp));
    await writeFile(path.join(dir, 'isoko.conf'), configure());
    const main = [
      process.getuid?.() === 0 ? 'user root;' : '',
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((temp) => `  ${temp}_temp_path ${dir}/${temp};`),
      `  include ${dir}/isoko.conf;`,
      '}',
    ].join('\n');
    await writeFile(path.join(dir, 'nginx.conf'), main);
    child = spawn(BINARIES.nginx, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  }
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await listening(port, () => `${kind} did not start:\n${output}${kind === 'nginx' ? readIfThere(path.join(dir, 'error.log')) : ''}`);

  return {
    kind,
    url: `http://127.0.0.1:${port}`,
    async markDown(down) {
      if (kind !== 'nginx') throw new Error('HAProxy takes an instance out by its health check');
      const before = workersOf(child.pid!);
      await writeFile(path.join(dir, 'isoko.conf'), configure(down));
      child.kill('SIGHUP');
      // The reload is done once none of the workers that read the old configuration is left.
      await until(() => {
        const now = workersOf(child.pid!);
        return now.length > 0 && now.every((pid) => !before.includes(pid));
      }, `nginx to reload:\n${readIfThere(path.join(dir, 'error.log'))}`);
    },
    output: () => output + (kind === 'nginx' ? readIfThere(path.join(dir, 'error.log')) : ''),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill(kind === 'nginx' ? 'SIGQUIT' : 'SIGUSR1');
      const forced = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(forced);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

function readIfThere(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return ''; // not there, or gone meanwhile (a process that exited)
  }
}

/** The children of a process (nginx's workers), from /proc: the parent pid follows the command's closing parenthesis. */
function workersOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      const stat = readIfThere(`/proc/${name}/stat`);
      return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] === String(pid);
    })
    .map(Number);
}

async function until(check: () => boolean, what: string, deadlineMs = 30_000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function listening(port: number, failure: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2_000) });
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(failure());
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
