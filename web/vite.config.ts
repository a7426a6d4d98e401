// The web build: root web/, output web/dist (served by the Hono server): the storefront (index.html) and
// the staff console (admin.html), every route its own chunk.
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { VitePWA } from 'vite-plugin-pwa';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { bootSplash } from './boot-splash';
import { linguiMacros } from './lingui-macro';
import { buildOutput, consoleWithoutManifest, offlineShell, precompressServiceWorker } from './offline-shell';

const apiTarget = process.env.API_TARGET ?? 'http://localhost:3000';

const fromRoot = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

const HOME_PAGE_MODULE = 'src/features/home/pages/home-page.tsx';
const STOREFRONT_PAGE = fromRoot('index.html');
/** Must match the first of HERO_SLIDES in features/home/components/hero-slider.tsx. */
const FIRST_HERO_IMAGE = '/hero/fresh-produce.svg';

/**
 * On the home page only, start fetching the home chunk and the first hero picture
 * while the entry script is still downloading, instead of one round trip after it has run
 * (on slow 4G each round trip is ~400 ms). Other routes pay a few bytes of inline script.
 * On every route, the first screen's words of the shopper's language come the same way.
 */
function preloadHomeRoute(): Plugin {
  return {
    name: 'isoko-preload-home-route',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        // The storefront's page only: the console's (admin.html) has no home route.
        if (!bundle || context.filename !== STOREFRONT_PAGE) return html;
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
        const home = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(HOME_PAGE_MODULE));
        const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId === STOREFRONT_PAGE);
        if (!home || !entry) return html;
        const inEntry = new Set([entry.fileName, ...entry.imports]);
        const scripts = [home.fileName, ...home.imports.filter((file) => !inEntry.has(file))].map((file) => `/${file}`);
        // The first screen's words of each translated language (lib/i18n/i18n.ts): fetched beside the entry
        // for the language the page will start in (lib/i18n/languages.ts startLanguage), on every route.
        const catalogs: Record<string, string> = {};
        for (const language of ['rw', 'fr']) {
          const catalog = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(`/locales/${language}/shell.po`));
          if (catalog) catalogs[language] = `/${catalog.fileName}`;
        }
        const code =
          `(function(){var d=document;function l(r,h,a){var e=d.createElement('link');` +
          `e.rel=r;e.href=h;if(a){e.as=a;}if(a==='image'){e.fetchPriority='high';}d.head.appendChild(e);}` +
          `var c=${JSON.stringify(catalogs)},g=null;try{g=localStorage.getItem('language');}catch(x){}` +
          `if(!g){var n=navigator.languages||[navigator.language];for(var i=0;i<n.length&&!g;i++){var b=String(n[i]).toLowerCase().split('-')[0];if(b==='en'||c[b])g=b;}}` +
          `if(c[g])l('modulepreload',c[g]);` +
          `if(location.pathname!=='/')return;` +
          `${JSON.stringify(scripts)}.forEach(function(h){l('modulepreload',h);});` +
          `l('preload',${JSON.stringify(FIRST_HERO_IMAGE)},'image');})();`;
        // First thing in <head>: a classic script placed after the stylesheet link would wait for it.
        return html.replace('<meta charset="UTF-8" />', `<meta charset="UTF-8" />\n    <script>${code}</script>`);
      },
    },
  };
}

/**
 * Writes .br and .gz next to every built text asset, so the server can send them compressed without
 * compressing on each request (serveStatic's `precompressed` option picks them up).
 */
function precompressAssets(): Plugin {
  return {
    name: 'isoko-precompress-assets',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir ?? fromRoot('dist');
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(fileName)) continue;
        const file = path.join(outDir, fileName);
        const data = readFileSync(file);
        if (data.length < 1024) continue; // not worth a second request header's worth of bytes
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

/**
 * The staff console is a page of its own (admin.html), so the storefront's first load carries none of it.
 * The shop's server serves it for /admin and everything under it; this does the same in `vite dev`.
 */
function serveConsolePage(): Plugin {
  const isConsole = (url: string) => /^\/admin(?:[/?#]|$)/.test(url);
  const isRider = (url: string) => /^\/rider(?:[/?#]|$)/.test(url);
  return {
    name: 'isoko-serve-console-page',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        if (request.url && isConsole(request.url) && request.headers.accept?.includes('text/html')) request.url = '/admin.html';
        if (request.url && isRider(request.url) && request.headers.accept?.includes('text/html')) request.url = '/rider.html';
        next();
      });
    },
  };
}

/** The rider app installs as itself (rider.webmanifest, start /rider), not as the storefront vite-plugin-pwa links in every page. */
function riderOwnManifest(riderPage: string): Plugin {
  return {
    name: 'isoko-rider-own-manifest',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler: (html, context) => (context.filename === riderPage ? html.replace(/\s*<link rel="manifest" href="\/manifest\.webmanifest"[^>]*>/, '') : html),
    },
  };
}

// Calls the dev server hands to the shop's server. '^/ussd$' so that /ussd-simulator stays a web page.
const serverProxy = {
  '/api': { target: apiTarget, changeOrigin: true },
  '/images': { target: apiTarget, changeOrigin: true },
  '^/ussd$': { target: apiTarget, changeOrigin: true },
};

export default defineConfig(({ command }) => {
  // Where this build writes: the service worker's shell is read from that build's manifest.
  const output = buildOutput();
  return {
    root: fileURLToPath(new URL('.', import.meta.url)),
    publicDir: 'public',
    plugins: [
      output.plugin,
      linguiMacros(),
      react(),
      lingui(),
      bootSplash(),
      preloadHomeRoute(),
      precompressAssets(),
      serveConsolePage(),
      VitePWA(offlineShell(output.dir)),
      consoleWithoutManifest(fromRoot('admin.html')),
      riderOwnManifest(fromRoot('rider.html')),
      precompressServiceWorker(output.dir),
    ],
    resolve: {
      // The web imports the server's plain zod schemas so one shape serves both sides.
      alias: [
        { find: '@server', replacement: fromRoot('../server') },
        // One name for the storefront's own root, so no import climbs out of its feature with ../../..
        { find: '@web', replacement: fromRoot('src') },
        // react-router's package exports only its development build (with dev-only warnings and checks);
        // the production build it also ships is several kB smaller gzipped. Use it for `vite build`.
        ...(command === 'build'
          ? [{ find: /^react-router$/, replacement: fromRoot('../node_modules/react-router/dist/production/index.mjs') }]
          : []),
      ],
    },
    server: {
      port: 5173,
      proxy: serverProxy,
    },
    preview: {
      proxy: serverProxy,
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // Two pages: the storefront, and the staff console apart from it (see serveConsolePage).
      rolldownOptions: {
        input: { index: STOREFRONT_PAGE, admin: fromRoot('admin.html'), rider: fromRoot('rider.html') },
        // Our own modules do nothing when imported but declare things, so a module none of whose exports
        // a chunk uses is left out of it, with the stylesheets it imports. That is what lets a feature
        // be used through its index.ts alone (docs/decisions/010-feature-faces.md): a chunk taking
        // RequireLogin from auth's face carries neither the login page nor its styles. A module of ours
        // that must run for its effect alone would have to be named here (none does).
        treeshake: {
          moduleSideEffects: [{ test: /[\\/]web[\\/]src[\\/].*\.tsx?$/, sideEffects: false }],
        },
        output: {
          codeSplitting: {
            groups: [
              {
                // Three small modules nearly every page uses (the page title hook, the image, money) would
                // each be a chunk of their own, a request and a gzip frame more on every first load: they
                // join the chunk every page loads anyway (React's core and JSX runtime, which the group
                // takes in as their dependencies). `npm run bench web-bundle` measures what it saves.
                name: 'common',
                test: /[\\/]web[\\/]src[\\/](components[\\/]ui[\\/](use-document-title\.ts|image\.tsx)|lib[\\/]money\.ts)$|[\\/]server[\\/]lib[\\/]money\.ts$/,
              },
            ],
          },
        },
      },
      // The bundle benchmark reads the manifest to add up what the home route loads first.
      manifest: true,
      // Every browser we target supports <link rel=modulepreload>; the polyfill would be dead weight.
      modulePreload: { polyfill: false },
      // ES2022 keeps class private fields (ky uses them) native instead of shipping helper code for them;
      // every browser a shopper's Android phone updates to (Chrome 94+) runs it.
      target: 'es2022',
      sourcemap: false,
      // Vite counts minified kB; our budget is 100 KB gzipped for the home route's first load, checked
      // by `npm run bench web-bundle`. The entry (React DOM, router, the app shell) is about 270 kB
      // minified / 85 KB gzipped and fits it, so warn only when a chunk passes 300 kB minified: a
      // warning here then means something real, not a budget we already meet.
      chunkSizeWarningLimit: 300,
    },
  };
});
