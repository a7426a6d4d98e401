// First-load JavaScript and CSS, gzipped, of the routes /, /products and /chat (the home page
// under 100 KB) and of the staff console's /admin: the page's entry chunk, every chunk it imports
// statically, the route's page chunk with its own static imports, and the one language's message
// catalog the entry loads before it renders — everything a phone must download before the page can
// show. The home page is measured in each of the three languages (a phone downloads its own language's
// messages, never all three); the console speaks English. Read from Vite's manifest after a fresh build.
// The console's first load must not carry the phone-verification dialog it never shows: counted, with a
// budget of 0.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

interface ManifestChunk {
  file: string;
  /** A chunk's name: its module's file name, or a shared chunk's first module's. */
  name?: string;
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

const STOREFRONT = 'index.html';
const CONSOLE = 'admin.html';

/**
 * The catalog a language loads before the first paint, as the manifest names its source
 * (lib/i18n/i18n.ts imports it); English, compiled into the code, loads none.
 */
const firstCatalog = (language: string) => (language === 'en' ? null : `src/locales/${language}/shell.po`);

/** The routes measured, each with its page (HTML entry), the page chunk its router loads and its language. */
export const ROUTES: { path: string; entry: string; page: string; language: string; budget?: number }[] = [
  { path: '/', entry: STOREFRONT, page: 'src/features/home/pages/home-page.tsx', language: 'rw', budget: BUDGET_KB },
  { path: '/', entry: STOREFRONT, page: 'src/features/home/pages/home-page.tsx', language: 'en', budget: BUDGET_KB },
  { path: '/', entry: STOREFRONT, page: 'src/features/home/pages/home-page.tsx', language: 'fr', budget: BUDGET_KB },
  { path: '/products', entry: STOREFRONT, page: 'src/features/catalog/pages/products-page.tsx', language: 'en' },
  { path: '/chat', entry: STOREFRONT, page: 'src/features/chat/chat-page.tsx', language: 'en' },
  // Staff open the console on phones too: its first load keeps the storefront's budget (zod in it was 26 KB).
  { path: '/admin', entry: CONSOLE, page: 'src/features/staff/pages/dashboard-page.tsx', language: 'en', budget: BUDGET_KB },
];

/** Chunks a route's first load must not carry: the console never shows the phone-verification dialog. */
const NOT_ON_FIRST_LOAD: Record<string, string[]> = { '/admin': ['verify-phone-dialog'] };

/** A chunk and everything it imports statically (what the browser fetches before running it). */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

const gzipKb = (file: string) => gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length / 1024;
const round = (value: number) => Math.round(value * 10) / 10;

/** What a first visit to a route downloads before it can show: the entry's and the page's static closure. */
export function routeFirstLoad(
  manifest: Manifest,
  pageSource: string,
  entry = STOREFRONT,
  language = 'en',
): { js: number; css: number; files: string[]; chunks: string[] } {
  if (!manifest[entry]?.isEntry) throw new Error(`The manifest has no entry ${entry}`);
  if (!manifest[pageSource]) throw new Error(`The manifest has no chunk for ${pageSource}`);
  const catalog = firstCatalog(language);
  if (catalog && !manifest[catalog]) throw new Error(`The manifest has no catalog for ${language}`);
  const keys = staticClosure(manifest, entry);
  staticClosure(manifest, pageSource, keys);
  if (catalog) staticClosure(manifest, catalog, keys);
  const files = [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
  const cssFiles = new Set([...keys].flatMap((key) => manifest[key].css ?? []));
  return {
    js: files.reduce((sum, file) => sum + gzipKb(file), 0),
    css: [...cssFiles].reduce((sum, file) => sum + gzipKb(file), 0),
    files,
    // Chunk names (a module's file name without its hash): what the first load carries, by name.
    chunks: [...keys].flatMap((key) => manifest[key].name ?? []),
  };
}

export default async function webBundleBench() {
  if (process.env.BENCH_REUSE_DIST !== '1') {
    await build({ configFile: path.join(root, 'web/vite.config.ts'), logLevel: 'warn' });
  }
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  return ROUTES.flatMap((route) => {
    const { js, css, files, chunks } = routeFirstLoad(manifest, route.page, route.entry, route.language);
    // The home page in each language; the other routes as an English-speaking phone loads them.
    const name = route.path === '/' ? `/ (${route.language})` : route.path;
    const unwanted = (NOT_ON_FIRST_LOAD[route.path] ?? []).map((name) => ({
      name: `${route.path} first load carries ${name}`,
      value: chunks.filter((chunk) => chunk === name).length,
      unit: 'chunks',
      budget: 0,
    }));
    return [
      { name: `${name} first-load JS, gzip (${files.length} files)`, value: round(js), unit: 'KB', ...(route.budget ? { budget: route.budget } : {}) },
      { name: `${name} first-load CSS, gzip`, value: round(css), unit: 'KB' },
      { name: `${name} first-load JS + CSS, gzip`, value: round(js + css), unit: 'KB' },
      ...unwanted,
    ];
  });
}
