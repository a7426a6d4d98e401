// The storefront build: root web/, output web/dist (served by the Hono server), every route its own chunk.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const apiTarget = process.env.API_TARGET ?? 'http://localhost:3000';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig(({ command }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  publicDir: 'public',
  plugins: [react()],
  resolve: {
    // The web imports the server's plain zod schemas so one shape serves both sides.
    alias: [
      { find: '@server', replacement: fromRoot('../server') },
      // react-router's package exports only its development build (with dev-only warnings and checks);
      // the production build it also ships is several kB smaller gzipped. Use it for `vite build`.
      ...(command === 'build'
        ? [{ find: /^react-router$/, replacement: fromRoot('../node_modules/react-router/dist/production/index.mjs') }]
        : []),
    ],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/images': { target: apiTarget, changeOrigin: true },
      '/ussd': { target: apiTarget, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/images': { target: apiTarget, changeOrigin: true },
      '/ussd': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The bundle benchmark reads the manifest to add up what the home route loads first.
    manifest: true,
    // Every browser we target supports <link rel=modulepreload>; the polyfill would be dead weight.
    modulePreload: { polyfill: false },
    // ES2022 keeps class private fields (ky uses them) native instead of shipping helper code for them;
    // every browser a shopper's Android phone updates to (Chrome 94+) runs it.
    target: 'es2022',
    sourcemap: false,
    // Budget guard: a chunk over 100 kB (minified) is worth a look.
    chunkSizeWarningLimit: 100,
  },
}));
