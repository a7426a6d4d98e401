// Two kinds of suite: the server's (node, real database) and the web's components (jsdom).
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@server': fileURLToPath(new URL('./server', import.meta.url)) } },
  test: {
    globals: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/bench/**'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['web/src/test/setup.ts'],
          // npm test runs these beside the type check and the browser tests: typing into a form with
          // user-event can pass 5 s (Vitest's default) on a busy 2-core machine. A longer limit, not a retry.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
