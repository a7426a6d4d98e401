// The real server as a child process (node --import tsx server/main.ts, not npx, so the pid held is
// the server's own) on 127.0.0.1 and a free port, for the tests that kill it, restart it or watch
// its memory. Also a small JSON client for talking to it over real sockets.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startEnvironment, startNodeFlags } from '../../support/start-command';

export const ROOT = path.resolve(import.meta.dirname, '../../..');

export interface ServerProcess {
  pid: number;
  url: string;
  child: ChildProcess;
  /** Resident memory in bytes, from /proc. */
  rss(): number;
  /** Every line the server wrote, for a failure message. */
  output(): string;
  kill(signal: NodeJS.Signals): Promise<void>;
}

/** The gateway secret every reliability server runs with: a production start refuses /ussd without one. */
export const USSD_SECRET = 'reliability-ussd-secret-0123456789';

export interface ServerOptions {
  dataDir?: string;
  databaseUrl?: string;
  env?: Record<string, string>;
}

export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  // With npm start's flags and environment: the memory a test watches is the memory production has.
  const child = spawn(process.execPath, [...startNodeFlags(), '--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...startEnvironment(),
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_REQUESTS: 'false',
      USSD_SECRET,
      ...(options.dataDir ? { DATA_DIR: options.dataDir } : {}),
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in 180 s:\n${output}`)), 180_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = output.match(/"event":"listening","url":"http:\/\/localhost:(\d+)"/);
      if (listening) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${listening[1]}`);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before listening:\n${output}`));
    });
  });
  return {
    pid: child.pid!,
    url,
    child,
    rss: () => Number(readFileSync(`/proc/${child.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/)![1]) * 1024,
    output: () => output,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

export interface JsonReply {
  status: number;
  body: any;
}

/** One JSON call over a real socket; a connection that dies mid-way rejects. */
export async function call(base: string, method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<JsonReply> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON (a USSD screen): kept as text
  }
  return { status: response.status, body: parsed };
}
