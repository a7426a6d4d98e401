// The home route's first-load JavaScript, gzipped (issue 4: under 100 KB): the entry chunk, every chunk
// it imports statically, and the home page's chunk with its own static imports — everything a phone
// must download before the home page can show. Read from Vite's manifest after a fresh build.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const root = path.resolve(import.meta.dirname, '../..');
const distDir = path.join(root, 'web/dist');
const HOME_SOURCE = 'src/features/home/pages/home-page.tsx';
const BUDGET_KB = 100;

/** A chunk and everything it imports statically (what the browser fetches before running it). */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

const gzipKb = (file: string) => gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length / 1024;
const round = (value: number) => Math.round(value * 10) / 10;

export function homeFirstLoad(manifest: Manifest): { js: number; css: number; files: string[] } {
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('The manifest has no entry chunk');
  if (!manifest[HOME_SOURCE]) throw new Error(`The manifest has no chunk for ${HOME_SOURCE}`);
  const keys = staticClosure(manifest, entryKey);
  staticClosure(manifest, HOME_SOURCE, keys);
  const files = [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
  const cssFiles = new Set([...keys].flatMap((key) => manifest[key].css ?? []));
  return {
    js: files.reduce((sum, file) => sum + gzipKb(file), 0),
    css: [...cssFiles].reduce((sum, file) => sum + gzipKb(file), 0),
    files,
  };
}

export default async function webBundleBench() {
  if (process.env.BENCH_REUSE_DIST !== '1') {
    await build({ configFile: path.join(root, 'web/vite.config.ts'), logLevel: 'warn' });
  }
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const { js, css, files } = homeFirstLoad(manifest);
  return [
    { name: `home first-load JS, gzip (${files.length} files)`, value: round(js), unit: 'KB', budget: BUDGET_KB },
    { name: 'home first-load CSS, gzip', value: round(css), unit: 'KB' },
  ];
}
