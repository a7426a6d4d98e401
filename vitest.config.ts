// Three kinds of suite in one run (one start-up, one report; Vitest runs the projects one after another):
//   server           node, each file on its own copy of a seeded embedded PGlite database
//   server-postgres  the suites that open a database, again on a real PostgreSQL server; only when
//                    TEST_POSTGRES_URL names one (npm test starts a throwaway server and sets it)
//   web              the storefront's components in jsdom, one jsdom per worker shared by its files
//   web-mocking      those that replace a module (vi.mock), each file in a fresh jsdom and module cache
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { linguiMacros } from './web/lingui-macro';

const serverSuites = ['tests/**/*.test.ts'];
const notSuites = ['tests/bench/**'];
const postgresUrl = process.env.TEST_POSTGRES_URL?.trim();

/** The suites that open a database (through tests/support's test app or database): the only ones
 *  whose result can depend on which database runs under them. */
function databaseSuites(): string[] {
  return readdirSync('tests', { recursive: true, encoding: 'utf8' })
    .map((file) => `tests/${file}`)
    .filter((file) => file.endsWith('.test.ts') && !file.startsWith('tests/bench/'))
    .filter((file) => /support\/(test-app|database)['"]/.test(readFileSync(file, 'utf8')))
    .sort();
}

/** The web suites that replace a module with vi.mock: in a shared module cache the replacement would
 *  reach the next file, so these stay isolated. */
function mockingWebSuites(): string[] {
  return readdirSync('web/src', { recursive: true, encoding: 'utf8' })
    .map((file) => `web/src/${file}`)
    .filter((file) => /\.test\.tsx?$/.test(file) && /\bvi\.mock\(/.test(readFileSync(file, 'utf8')))
    .sort();
}

const serverProject = (name: string, include: string[], env: Record<string, string>) => ({
  extends: true as const,
  test: {
    name,
    environment: 'node',
    include,
    exclude: notSuites,
    env,
    // Each project makes its own starting database (tests/support/global-setup.ts reads its env).
    globalSetup: ['tests/support/global-setup.ts'],
    // A worker keeps the server's modules loaded from one file to the next instead of importing them
    // afresh for each: that import was half the CPU these suites cost. Safe because nothing the
    // server holds lives at module level: each file builds its own app (createApp) over its own
    // database, and no server suite mocks a module or changes the environment. Keep it so: state
    // belongs in what createApp is given, never in a module's top-level variable (lint refuses one).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

const webProject = (name: string, options: { include?: string[]; exclude?: string[]; isolate: boolean }) => ({
  extends: true as const,
  test: {
    name,
    environment: 'jsdom',
    include: options.include ?? ['web/src/**/*.test.{ts,tsx}'],
    exclude: options.exclude ?? [],
    setupFiles: ['web/src/test/setup.ts'],
    // Creating a jsdom was two thirds of these suites' CPU. Files that mock nothing share one per
    // worker: setup.ts empties the document and localStorage after every test.
    isolate: options.isolate,
    // npm test runs these beside the type check and the browser tests: typing into a form with
    // user-event can pass 5 s (Vitest's default) on a busy 2-core machine. A longer limit, not a retry.
    testTimeout: 15_000,
  },
});

export default defineConfig({
  // The web suites run the storefront's code as the build does: Lingui's macros and catalogs compiled.
  plugins: [linguiMacros(), react(), lingui()],
  resolve: {
    alias: {
      '@server': fileURLToPath(new URL('./server', import.meta.url)),
      '@web': fileURLToPath(new URL('./web/src', import.meta.url)),
    },
  },
  test: {
    globals: true,
    projects: [
      // An empty TEST_DATABASE_URL keeps this project on PGlite even when the shell names a server.
      serverProject('server', serverSuites, postgresUrl ? { TEST_DATABASE_URL: '' } : {}),
      ...(postgresUrl ? [serverProject('server-postgres', databaseSuites(), { TEST_DATABASE_URL: postgresUrl })] : []),
      webProject('web', { exclude: mockingWebSuites(), isolate: false }),
      webProject('web-mocking', { include: mockingWebSuites(), isolate: true }),
    ],
  },
});
