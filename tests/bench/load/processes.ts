// Child processes for the load bench: the shop as `npm start` runs it (on a fresh database of its
// own, never ./data), the ceiling server, and the load generator. Each listens on a free port of
// 127.0.0.1 and is stopped by the bench.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface Running {
  child: ChildProcess;
  url: string;
  /** Peak resident memory seen since the last reset, in MB. */
  peakRssMb(): number;
  resetPeak(): void;
  stop(): Promise<void>;
}

function rssMb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : 0;
  } catch {
    return 0;
  }
}

/** Starts `node --import tsx <script>` and waits until GET `readyPath` answers 200. */
export async function startNode(script: string, env: Record<string, string>, readyPath: string, args: string[] = []): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited ${child.exitCode}: ${stderr}`);
    try {
      if ((await fetch(url + readyPath)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 120_000) throw new Error(`${script} did not start in 120 s: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  let peak = rssMb(child.pid!);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(child.pid!))), 200);
  return {
    child,
    url,
    peakRssMb: () => Math.max(peak, rssMb(child.pid!)),
    resetPeak: () => (peak = rssMb(child.pid!)),
    stop: async () => {
      clearInterval(sampler);
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Runs a script in a second node process and returns what it printed as JSON on its last line. */
export async function runNodeJson<T>(script: string, input: unknown, onLine?: (line: string) => void): Promise<T> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, JSON.stringify(input)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk;
    const lines = out.split('\n');
    out = lines.pop()!;
    for (const line of lines) {
      if (line.startsWith('{')) out = line + '\n' + out; // keep JSON results
      else onLine?.(line);
    }
  });
  child.stderr.on('data', (chunk) => (err = (err + chunk).slice(-4000)));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  const last = out.trim().split('\n').filter((line) => line.startsWith('{')).pop();
  if (code !== 0 || !last) throw new Error(`${script} failed (${code}): ${err}`);
  return JSON.parse(last) as T;
}

export function loadAverage(): number {
  return Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
}
