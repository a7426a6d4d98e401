// npm run build (scripts/build.ts), which npm start runs first: two starts at once in one folder (a
// process manager restarting during a start) never break each other's build: one builds, aside, and
// swaps the whole build in; the other waits and finds it current. A build that fails leaves the one
// in place. The steps here are stand-ins that write their folder slowly, piece by piece, as vite does.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { buildOnce, type BuildPlan } from '../../scripts/build';

const ROOT = path.resolve(import.meta.dirname, '../..');
const scratch = mkdtempSync(path.join(tmpdir(), 'isoko-build-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A checkout with one source file, whose build writes `pieces` files into its folder, one every few ms. */
function checkout(name: string, options: { pieces?: number; fail?: boolean } = {}) {
  const root = path.join(scratch, name);
  mkdirSync(path.join(root, 'src'), { recursive: true });
  if (!existsSync(path.join(root, 'src', 'page.txt'))) writeFileSync(path.join(root, 'src', 'page.txt'), 'first');
  let runs = 0;
  const plan: BuildPlan = {
    inputs: [path.join(root, 'src')],
    ignored: [],
    extra: '',
    outputs: [
      {
        folder: path.join(root, 'dist'),
        aside: path.join(root, `.tmp/dist.${process.pid}.partial`),
        build: async (into) => {
          runs += 1;
          mkdirSync(into, { recursive: true });
          const source = readFileSync(path.join(root, 'src', 'page.txt'), 'utf8');
          for (let piece = 0; piece < (options.pieces ?? 20); piece += 1) {
            writeFileSync(path.join(into, `asset-${piece}.js`), source);
            await pause(5);
          }
          if (options.fail) throw new Error('No space left on device');
          writeFileSync(path.join(into, 'index.html'), source);
        },
      },
    ],
    stampFile: path.join(root, 'dist-stamp'),
    lockFile: path.join(root, '.tmp/build.lock'),
    log: () => {},
  };
  return { root, plan, runs: () => runs, built: () => readdirSync(path.join(root, 'dist')).sort() };
}

const whole = (content: string) => [...Array.from({ length: 20 }, (_, piece) => `asset-${piece}.js`), 'index.html'].sort().map(() => content);

it('two builds at once: one builds and swaps its whole folder in, the other waits and finds it current', async () => {
  const shop = checkout('at-once');
  const results = await Promise.all([buildOnce(shop.plan), buildOnce(shop.plan)]);
  expect(results.sort()).toEqual(['built', 'current']);
  expect(shop.runs()).toBe(1);
  expect(shop.built().map((file) => readFileSync(path.join(shop.root, 'dist', file), 'utf8'))).toEqual(whole('first'));
  expect(readdirSync(path.join(shop.root, '.tmp'))).toEqual([]);
});

it('builds again only when a source changed, swapping the new build in whole', async () => {
  const shop = checkout('changed');
  expect(await buildOnce(shop.plan)).toBe('built');
  expect(await buildOnce(shop.plan)).toBe('current');
  expect(shop.runs()).toBe(1);
  writeFileSync(path.join(shop.root, 'src', 'page.txt'), 'second');
  // The folder in place stays whole while the new build is made aside.
  const building = buildOnce(shop.plan);
  await pause(30);
  expect(shop.built().map((file) => readFileSync(path.join(shop.root, 'dist', file), 'utf8'))).toEqual(whole('first'));
  expect(await building).toBe('built');
  expect(shop.built().map((file) => readFileSync(path.join(shop.root, 'dist', file), 'utf8'))).toEqual(whole('second'));
});

it('a build that fails leaves the build in place, and nothing aside', async () => {
  const shop = checkout('fails');
  expect(await buildOnce(shop.plan)).toBe('built');
  writeFileSync(path.join(shop.root, 'src', 'page.txt'), 'broken');
  // The same checkout, its build failing (a full disk) partway.
  const failing = checkout('fails', { fail: true });
  await expect(buildOnce(failing.plan)).rejects.toThrow('No space left on device');
  expect(shop.built().map((file) => readFileSync(path.join(shop.root, 'dist', file), 'utf8'))).toEqual(whole('first'));
  expect(readdirSync(path.join(shop.root, '.tmp'))).toEqual([]);
  // Not current: the next build tries again.
  expect(await buildOnce(shop.plan)).toBe('built');
});

it('two processes building one folder at once both end with the whole build', { timeout: 60_000 }, async () => {
  const shop = checkout('two-processes');
  const script = `
    import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
    import path from 'node:path';
    import { buildOnce } from ${JSON.stringify(path.join(ROOT, 'scripts/build.ts'))};
    const root = ${JSON.stringify(shop.root)};
    const result = await buildOnce({
      inputs: [path.join(root, 'src')], ignored: [], extra: '', log: () => {},
      stampFile: path.join(root, 'dist-stamp'), lockFile: path.join(root, '.tmp/build.lock'),
      outputs: [{ folder: path.join(root, 'dist'), aside: path.join(root, '.tmp/dist.' + process.pid + '.partial'), build: async (into) => {
        mkdirSync(into, { recursive: true });
        for (let piece = 0; piece < 20; piece += 1) { writeFileSync(path.join(into, 'asset-' + piece + '.js'), 'first'); await new Promise((r) => setTimeout(r, 10)); }
        writeFileSync(path.join(into, 'index.html'), 'first');
      } }],
    });
    console.log(result);`;
  const run = () => promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT });
  const outputs = await Promise.all([run(), run()]);
  expect(outputs.map((output) => output.stdout.trim()).sort()).toEqual(['built', 'current']);
  expect(shop.built().map((file) => readFileSync(path.join(shop.root, 'dist', file), 'utf8'))).toEqual(whole('first'));
  expect(existsSync(path.join(shop.root, '.tmp/build.lock'))).toBe(false);
});

it('is what npm run build runs, and so what npm start runs first', () => {
  const { scripts } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  expect(scripts.build).toBe('node --import tsx scripts/build.ts');
  expect(scripts.start.startsWith('npm run build && ')).toBe(true);
});
