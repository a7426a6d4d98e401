// Child processes for the load bench: the shop as `npm start` runs it (on a fresh database of its
// own, never ./data), the ceiling server, and the load generator. Each listens on a free port of
// 127.0.0.1 and is stopped by the bench.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
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
  /** Peak resident memory of the server, every process of it together (a cluster's primary and workers), in MB. */
  peakRssMb(): number;
  /** Peak resident memory of each process of the server seen so far, by pid, in MB. */
  peakRssByProcess(): Map<number, number>;
  /** The kernel's high-water mark of resident memory (VmHWM) since the server started, every process added up, in MB: peaks between two samples included. */
  highWaterMb(): number;
  resetPeak(): void;
  stop(): Promise<void>;
}

function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}
const rssKb = (pid: number) => statusKb(pid, 'VmRSS');

/** The process and all its descendants (a cluster's workers), from /proc. */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The parent pid is the 4th field, after the name in parentheses (which may hold spaces).
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone while we looked
    }
  }
  const tree = [root];
  for (let index = 0; index < tree.length; index += 1) tree.push(...(children.get(tree[index]) ?? []));
  return tree;
}

const mb = (kb: number) => Math.round(kb / 1024);

/** Starts `node <script>` (through tsx for TypeScript) and waits until GET `readyPath` answers 200. */
export async function startNode(script: string, env: Record<string, string>, readyPath: string, args: string[] = [], nodeFlags: string[] = []): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeFlags, ...(script.endsWith('.ts') ? ['--import', 'tsx'] : []), script, ...args], {
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
  // Sampled every 200 ms: the whole server's resident memory, and each of its processes'.
  let peak = 0;
  let peaks = new Map<number, number>();
  const sample = () => {
    let total = 0;
    for (const pid of processTree(child.pid!)) {
      const kb = rssKb(pid);
      total += kb;
      peaks.set(pid, Math.max(peaks.get(pid) ?? 0, kb));
    }
    peak = Math.max(peak, total);
  };
  sample();
  const sampler = setInterval(sample, 200);
  return {
    child,
    url,
    peakRssMb: () => {
      sample();
      return mb(peak);
    },
    peakRssByProcess: () => new Map([...peaks].map(([pid, kb]) => [pid, mb(kb)])),
    highWaterMb: () => mb(processTree(child.pid!).reduce((sum, pid) => sum + statusKb(pid, 'VmHWM'), 0)),
    resetPeak: () => {
      peak = 0;
      peaks = new Map();
      sample();
    },
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
export async function runNodeJson<T>(script: string, input: unknown, onLine?: (line: string) => void, nodeFlags: string[] = []): Promise<T> {
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', script, JSON.stringify(input)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
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
