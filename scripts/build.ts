// npm run build (the first half of npm start): the storefront (web/dist, by vite) and the server
// (dist/server/main.mjs, by build-server.ts), each built into a folder aside and swapped in whole,
// one build at a time per checkout, and none at all when the build in place was made from the same
// sources. Two starts at once (a process manager restarting while a start still builds) used to
// build into the same folders at once: vite emptied web/dist under the other's compressing
// (ENOENT ... .br, ENOTEMPTY ... assets) and one start exited. Now the second waits for the first's
// build, finds it current and starts on it; a build that fails or is killed leaves the one in place.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isProcessRunning } from '../server/db/process-running';

const ROOT = path.resolve(import.meta.dirname, '..');

/** One folder of the build: made by `build` into the folder it is given, then swapped in whole. */
export interface BuildOutput {
  /** Where it is served from (absolute). */
  folder: string;
  /** Where it is built before the swap (absolute; beside `folder` when its content names paths relative to it). */
  aside: string;
  build: (into: string) => Promise<void>;
}

export interface BuildPlan {
  /** The files and folders whose content decides the build (absolute). */
  inputs: string[];
  /** Left out of the inputs (absolute prefixes): built output, pictures served as they are. */
  ignored: string[];
  /** Anything else the build depends on (the VITE_ variables it reads). */
  extra: string;
  outputs: BuildOutput[];
  /** Says which sources the build in place was made from. */
  stampFile: string;
  /** Held by the one build running in this checkout. */
  lockFile: string;
  log?: (line: string) => void;
}

/** A lock older than this, not refreshed by its holder, belongs to a build that died. */
const LOCK_STALE_MS = 30_000;
const LOCK_REFRESH_MS = 5_000;
const LOCK_POLL_MS = 200;

function filesUnder(entry: string, ignored: string[]): string[] {
  if (ignored.some((prefix) => entry === prefix || entry.startsWith(`${prefix}${path.sep}`)) || !existsSync(entry)) return [];
  if (!statSync(entry).isDirectory()) return [entry];
  return readdirSync(entry)
    .sort()
    .flatMap((name) => filesUnder(path.join(entry, name), ignored));
}

/** What the build would be made from: every input file's path and content, and the extra. */
export function fingerprintOf(plan: Pick<BuildPlan, 'inputs' | 'ignored' | 'extra'>): string {
  const hash = createHash('sha256').update(plan.extra).update('\0');
  for (const file of plan.inputs.flatMap((input) => filesUnder(input, plan.ignored))) hash.update(file).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

/** Whether the lock file was left by a build that is gone: its process ended, or it stopped refreshing it. */
function isStale(lockFile: string): boolean {
  try {
    const pid = Number(readFileSync(lockFile, 'utf8').split(':')[0]);
    return !isProcessRunning(pid) || Date.now() - statSync(lockFile).mtimeMs > LOCK_STALE_MS;
  } catch {
    return false; // released meanwhile: the next try takes it
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Takes the checkout's build lock, waiting for another build to finish; returns its release. */
async function takeLock(lockFile: string, log: (line: string) => void): Promise<() => void> {
  mkdirSync(path.dirname(lockFile), { recursive: true });
  const token = `${process.pid}:${Math.random().toString(36).slice(2)}`;
  let told = false;
  for (;;) {
    try {
      writeFileSync(lockFile, token, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (isStale(lockFile)) {
      // Moved aside rather than removed, so of two takers only one moves it.
      try {
        renameSync(lockFile, `${lockFile}.${token.replace(':', '.')}.stale`);
        rmSync(`${lockFile}.${token.replace(':', '.')}.stale`, { force: true });
      } catch {
        // another taker moved it first
      }
      continue;
    }
    if (!told) log('Waiting for the build another start is making in this folder...');
    told = true;
    await pause(LOCK_POLL_MS);
  }
  // Refreshed while the build runs, so a waiter tells a long build from a dead one.
  const refresh = setInterval(() => {
    const now = new Date();
    try {
      utimesSync(lockFile, now, now);
    } catch {
      // gone: released
    }
  }, LOCK_REFRESH_MS);
  refresh.unref();
  return () => {
    clearInterval(refresh);
    try {
      if (readFileSync(lockFile, 'utf8') === token) rmSync(lockFile, { force: true });
    } catch {
      // already gone
    }
  };
}

/** Puts `aside` where `folder` is, whole: the folder in place moves out first, then is removed. */
function swapIn(aside: string, folder: string): void {
  mkdirSync(path.dirname(folder), { recursive: true });
  for (let attempt = 0; ; attempt += 1) {
    const old = `${aside}.${attempt}.old`;
    try {
      renameSync(folder, old);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    try {
      renameSync(aside, folder);
      rmSync(old, { recursive: true, force: true });
      return;
    } catch (error) {
      rmSync(old, { recursive: true, force: true });
      // Another build put its (whole) folder there in between: move that one out too.
      const code = (error as NodeJS.ErrnoException).code;
      if ((code !== 'ENOTEMPTY' && code !== 'EEXIST') || attempt >= 5) throw error;
    }
  }
}

/** Folders a killed build left aside (`<name>.<pid>.partial`, and what a swap moved out), their build gone. */
function removeLeftAside(output: BuildOutput): void {
  const folder = path.dirname(output.aside);
  const name = path.basename(output.aside).slice(0, -`.${process.pid}.partial`.length);
  for (const entry of existsSync(folder) ? readdirSync(folder) : []) {
    const pid = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.(\\d+)\\.partial(\\.\\d+\\.old)?$`).exec(entry)?.[1];
    if (pid && !isProcessRunning(Number(pid))) rmSync(path.join(folder, entry), { recursive: true, force: true });
  }
}

const isCurrent = (plan: BuildPlan, fingerprint: string) =>
  existsSync(plan.stampFile) && readFileSync(plan.stampFile, 'utf8') === fingerprint && plan.outputs.every((output) => existsSync(output.folder));

/**
 * Builds unless the build in place is current: each output into its folder aside, then all swapped
 * in, then the stamp written. A failure leaves the build in place and removes what it made.
 */
export async function buildOnce(plan: BuildPlan): Promise<'built' | 'current'> {
  const log = plan.log ?? ((line: string) => console.log(line));
  const release = await takeLock(plan.lockFile, log);
  try {
    const fingerprint = fingerprintOf(plan);
    if (isCurrent(plan, fingerprint)) return 'current';
    for (const output of plan.outputs) removeLeftAside(output);
    try {
      for (const output of plan.outputs) {
        rmSync(output.aside, { recursive: true, force: true });
        mkdirSync(path.dirname(output.aside), { recursive: true });
        await output.build(output.aside);
      }
      // Not current while the folders change: a build killed between two swaps is remade next time.
      rmSync(plan.stampFile, { force: true });
      for (const output of plan.outputs) swapIn(output.aside, output.folder);
    } finally {
      for (const output of plan.outputs) rmSync(output.aside, { recursive: true, force: true });
    }
    mkdirSync(path.dirname(plan.stampFile), { recursive: true });
    writeFileSync(plan.stampFile, fingerprint);
    return 'built';
  } finally {
    release();
  }
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = execFile(command, args, { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 }, (error) => (error ? reject(error) : resolve()));
    child.stdout?.pipe(process.stdout);
    child.stderr?.pipe(process.stderr);
  });
}

/** The shop's build: the storefront by vite, the server by build-server.ts (which also prepares the empty database folder). */
export function shopBuildPlan(root = ROOT): BuildPlan {
  const at = (relative: string) => path.join(root, relative);
  const vite = at('node_modules/vite/bin/vite.js');
  const viteVariables = Object.entries(process.env)
    .filter(([name]) => name.startsWith('VITE_'))
    .sort()
    .map(([name, value]) => `${name}=${value}`)
    .join('\n');
  return {
    inputs: ['web', 'server', 'scripts/build.ts', 'scripts/build-server.ts', 'package.json', 'package-lock.json', 'tsconfig.json'].map(at),
    ignored: ['web/dist', 'server/static'].map(at),
    extra: viteVariables,
    outputs: [
      // Named by no path inside: built in .tmp, out of the way of the tools that read web/.
      { folder: at('web/dist'), aside: at(`.tmp/web-dist.${process.pid}.partial`), build: (into) => run(process.execPath, [vite, 'build', '--config', 'web/vite.config.ts', '--outDir', into, '--emptyOutDir']) },
      // Beside dist/server: its source map names the sources relative to where it is.
      { folder: at('dist/server'), aside: at(`dist/server.${process.pid}.partial`), build: (into) => run(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts', path.join(into, 'main.mjs')]) },
    ],
    stampFile: at('dist/build-stamp'),
    lockFile: at('.tmp/build.lock'),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  buildOnce(shopBuildPlan()).then(
    (result) => {
      if (result === 'current') console.log('The build in place is current (made from these sources): not built again.');
    },
    (error: unknown) => {
      console.error(`The build failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
