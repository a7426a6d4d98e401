// First-load JavaScript and CSS, gzipped, of the routes /, /products and /chat (issue 4: the home page
// under 100 KB): the entry chunk, every chunk it imports statically, and the route's page chunk with its
// own static imports — everything a phone must download before the page can show. Read from Vite's
// manifest after a fresh build.
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
const BUDGET_KB = 100;

/** The storefront routes the issue measures, each with the page chunk its router loads. */
export const ROUTES = [
  { path: '/', page: 'src/features/home/pages/home-page.tsx', budget: BUDGET_KB },
  { path: '/products', page: 'src/features/catalog/pages/products-page.tsx' },
  { path: '/chat', page: 'src/features/chat/chat-page.tsx' },
];

/** A chunk and everything it imports statically (what the browser fetches before running it). */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

const gzipKb = (file: string) => gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length / 1024;
const round = (value: number) => Math.round(value * 10) / 10;

/** The storefront's entry: index.html's chunk (the staff console may have an HTML entry of its own). */
function storefrontEntry(manifest: Manifest): string {
  const entryKey = manifest['index.html']?.isEntry ? 'index.html' : Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('The manifest has no entry chunk');
  return entryKey;
}

/** What a first visit to a route downloads before it can show: the entry's and the page's static closure. */
export function routeFirstLoad(manifest: Manifest, pageSource: string): { js: number; css: number; files: string[] } {
  if (!manifest[pageSource]) throw new Error(`The manifest has no chunk for ${pageSource}`);
  const keys = staticClosure(manifest, storefrontEntry(manifest));
  staticClosure(manifest, pageSource, keys);
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
  return ROUTES.flatMap((route) => {
    const { js, css, files } = routeFirstLoad(manifest, route.page);
    return [
      { name: `${route.path} first-load JS, gzip (${files.length} files)`, value: round(js), unit: 'KB', ...(route.budget ? { budget: route.budget } : {}) },
      { name: `${route.path} first-load CSS, gzip`, value: round(css), unit: 'KB' },
      { name: `${route.path} first-load JS + CSS, gzip`, value: round(js + css), unit: 'KB' },
    ];
  });
}
