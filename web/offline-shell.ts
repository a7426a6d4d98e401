// The storefront as an installable app that opens without a network: a web app manifest, and a service
// worker that Workbox generates (vite-plugin-pwa's generateSW). What it keeps:
//   - precached at install: the app shell, what the home page's first screen runs (the entry, its CSS, the
//     home page's chunk and its imports, the footer, the api client); the sections below the first screen
//     are not (the page loads them when the shopper scrolls to them, and keeps them then);
//   - what the visit itself used (its language's messages, its pictures), kept as soon as the worker
//     takes the page (web/src/lib/pwa/service-worker.ts), again from the browser's cache;
//   - as the shopper goes: every other script the app loads (cache first: names change with content),
//     the catalog's replies (network first, the last one seen when the network is slow or gone) and
//     the product pictures (cache first);
//   - nothing of an account (cart, orders, addresses): the cart stays in the page's own storage and what
//     needs the server waits in its outbox (web/src/lib/outbox.ts).
// Pages the storefront does not own are never answered with its index.html: the console, the API, USSD,
// the rider app, the WhatsApp and MoMo callbacks, pictures and uploads.
// A new version installs in the background and waits; the next visit takes it over
// (web/src/lib/pwa/service-worker.ts). docs/decisions/014-storefront-languages.md, docs/performance-web.md.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import type { VitePWAOptions } from 'vite-plugin-pwa';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/** Paths that belong to the server or another page, never to the storefront's index.html. */
export const NOT_THE_STOREFRONT = [/^\/admin(?:[/?#]|$)/, /^\/api\//, /^\/ussd(?:[/?#]|$)/, /^\/rider/, /^\/whatsapp/, /^\/momo/, /^\/images\//, /^\/uploads\//];

/**
 * Modules whose chunks (and their static imports) make the shell, besides the storefront's entry. The
 * languages' catalogs are not among them: a phone keeps its own language's, as it keeps every script and
 * picture the visit used (web/src/lib/pwa/service-worker.ts), never the two it does not read.
 */
const SHELL_MODULES = [/^src\/features\/home\/pages\/home-page/, /^src\/features\/layout\/components\/footer/, /^src\/lib\/outbox-sender/, /node_modules\/ky\//];

/** The page itself; its pictures are kept as the visit shows them, like every other picture. */
const STATIC_SHELL = ['index.html'];

/** The files of the shell, read from Vite's manifest: the entry's static closure and the shell's chunks'. */
function shellFiles(outDir: string): Set<string> {
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const files = new Set(STATIC_SHELL);
  const add = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) add(imported);
  };
  add('index.html');
  for (const [key, chunk] of Object.entries(manifest)) {
    if (SHELL_MODULES.some((pattern) => pattern.test(chunk.src ?? key))) add(key);
  }
  return files;
}

/**
 * Where this build writes, as Vite resolved it: scripts/build.ts builds into a folder aside (--outDir)
 * and swaps it in whole, so web/dist may be absent or hold the previous build's manifest.
 */
export function buildOutput(): { plugin: Plugin; dir: () => string } {
  let outDir = path.resolve(import.meta.dirname, 'dist');
  return {
    plugin: {
      name: 'isoko-build-output',
      apply: 'build',
      configResolved(config) {
        outDir = path.resolve(config.root, config.build.outDir);
      },
    },
    dir: () => outDir,
  };
}

export function offlineShell(outDir: () => string): Partial<VitePWAOptions> {
  return {
    strategies: 'generateSW',
    // The page registers the worker itself, after its first paint (web/src/lib/pwa/service-worker.ts).
    injectRegister: false,
    registerType: 'prompt',
    // The install icons are for the launcher, not for using the shop offline.
    includeManifestIcons: false,
    manifest: {
      id: '/',
      name: 'Isoko: fresh groceries in Kigali',
      short_name: 'Isoko',
      description: 'Fresh vegetables, fruits and groceries from local farmers, delivered to your door in Kigali.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#f7faf7',
      theme_color: '#15803d',
      lang: 'rw',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg}'],
      // Only the shell is precached: a first visit downloads nothing for a screen it has not opened.
      manifestTransforms: [
        (entries) => {
          const shell = shellFiles(outDir());
          return { manifest: entries.filter((entry) => shell.has(entry.url.replace(/^\//, ''))), warnings: [] };
        },
      ],
      navigateFallback: '/index.html',
      navigateFallbackDenylist: NOT_THE_STOREFRONT,
      // The worker's own runtime in sw.js: one file, one request.
      inlineWorkboxRuntime: true,
      // A new version waits for the next visit (web/src/lib/pwa/service-worker.ts), but the first
      // install takes the open page at once, so what the first visit browses is kept.
      skipWaiting: false,
      clientsClaim: true,
      cleanupOutdatedCaches: true,
      runtimeCaching: [
        {
          // Scripts and styles not in the shell, named by their content: a cached copy is always right.
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
          handler: 'CacheFirst',
          options: { cacheName: 'isoko-assets', expiration: { maxEntries: 80, maxAgeSeconds: 30 * 24 * 3600 } },
        },
        {
          // The catalog (products, categories, the shop's details): the network's answer, or the last one
          // kept when the network does not answer within 4 s (a patchy connection) or at all.
          urlPattern: ({ url, request, sameOrigin }) =>
            sameOrigin && request.method === 'GET' && /^\/api\/(product|category|config)(\/|$)/.test(url.pathname),
          handler: 'NetworkFirst',
          options: {
            cacheName: 'isoko-catalog',
            networkTimeoutSeconds: 4,
            expiration: { maxEntries: 120, maxAgeSeconds: 14 * 24 * 3600 },
            cacheableResponse: { statuses: [200] },
          },
        },
        {
          // Pictures: products' and categories' (their names change when staff change them), the hero's,
          // the placeholder and the mark. Asked for by an <img>, or by the page keeping what it showed.
          urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/(images|uploads|hero)\/|^\/favicon\.svg$/.test(url.pathname),
          handler: 'CacheFirst',
          options: { cacheName: 'isoko-images', expiration: { maxEntries: 150, maxAgeSeconds: 30 * 24 * 3600 }, cacheableResponse: { statuses: [200] } },
        },
      ],
    },
  };
}

/** The worker and the manifest compressed like every other file (vite.config.ts precompressAssets). */
export function precompressServiceWorker(outDir: () => string): Plugin {
  return {
    name: 'isoko-precompress-service-worker',
    apply: 'build',
    closeBundle: {
      order: 'post',
      handler() {
        for (const name of ['sw.js', 'manifest.webmanifest']) {
          const file = path.join(outDir(), name);
          if (!existsSync(file)) continue;
          const data = readFileSync(file);
          writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
          writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
        }
      },
    },
  };
}

/** The staff console is not the installable shop: its page names no app manifest. */
export function consoleWithoutManifest(consolePage: string): Plugin {
  return {
    name: 'isoko-console-without-manifest',
    apply: 'build',
    // After vite-plugin-pwa's own (post) step, which puts the link in every page.
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler: (html, context) => (context.filename === consolePage ? html.replace(/\s*<link rel="manifest"[^>]*>/, '') : html),
    },
  };
}
