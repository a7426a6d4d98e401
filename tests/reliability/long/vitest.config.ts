// The long part of the reliability suite (npm run test:reliability): the crash, backup and soak
// tests that run the real server as a process, and the property tests with larger runs.
import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  root: fileURLToPath(new URL('../../..', import.meta.url)),
  // The same import names as vitest.config.ts: server code reaches its shared folders as @server/...
  resolve: {
    alias: {
      '@server': fileURLToPath(new URL('../../../server', import.meta.url)),
      '@web': fileURLToPath(new URL('../../../web/src', import.meta.url)),
    },
  },
  test: {
    name: 'reliability',
    environment: 'node',
    include: ['tests/reliability/long/*.long.ts', 'tests/reliability/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    fileParallelism: false, // one heavy thing at a time: the soak measures a server alone
    testTimeout: 900_000,
    hookTimeout: 120_000,
  },
});
