// Playwright drives the built site (npm run build first) served by the real server on a fresh database,
// in Debian's Chromium. Every spec runs at a desktop's size; the specs tagged @phone (whatever a
// 360-pixel phone does differently: the menu, the full-screen chat, the whole journey) run at a
// low-end phone's size as well.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

// The server's port: E2E_PORT, or one free now. Chosen once in the runner's process and kept in its
// environment, so the workers (which load this file again) agree on it.
process.env.E2E_PORT ||= execFileSync(process.execPath, [fileURLToPath(new URL('scripts/free-port.mjs', import.meta.url))], { encoding: 'utf8' }).trim();
const PORT = Number(process.env.E2E_PORT);
const DATA_DIR = '.tmp/e2e-data';
// Debian's chromium-headless-shell is Chromium's own engine without the browser around it (the
// build Playwright itself uses for headless runs). A page costs it about a third of the CPU the full
// chromium spends, and CPU is what a run on two cores waits for. The full browser still works.
const CHROMIUM = process.env.CHROMIUM_PATH || ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path));

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // Two browsers at once: a spec spends much of its time waiting on the server or the page, so two
  // keep a 2-core machine busy where Playwright's default (half the cores) leaves it idle.
  workers: Number(process.env.PLAYWRIGHT_WORKERS) || 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Recording a trace for every test (DOM snapshots and screenshots at each step) cost a third of
    // the browser tests' CPU, for traces kept only on failure; a failing test's retry records one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'phone',
      grep: /@phone/,
      use: { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    },
    {
      name: 'desktop',
      use: { viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    // Builds nothing itself: `npm test` runs `npm run build` before Playwright.
    // e2e-server.ts: a staff account and a fake SMS provider, then server/main.ts itself.
    command: 'node --import tsx e2e/support/fresh-data-dir.ts && node --import tsx e2e/support/e2e-server.ts',
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { PORT: String(PORT), DATA_DIR, LOG_REQUESTS: 'false' },
  },
});
