// Playwright drives the built site (npm run build first) served by the real server on a fresh database,
// in Debian's Chromium, at a low-end phone's size and at a desktop's.
import { defineConfig } from '@playwright/test';

// E2E_PORT lets two checkouts on one machine run their browser suites side by side.
const PORT = Number(process.env.E2E_PORT ?? 4321);
const DATA_DIR = '.tmp/e2e-data';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
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
      use: { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    },
    {
      name: 'desktop',
      use: { viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    // Builds nothing itself: `npm test` runs `npm run build` before Playwright.
    // e2e-server.ts: a staff account and a fake SMS provider (issue 9), then server/main.ts itself.
    command: 'node --import tsx e2e/support/fresh-data-dir.ts && node --import tsx e2e/support/e2e-server.ts',
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { PORT: String(PORT), DATA_DIR, LOG_REQUESTS: 'false' },
  },
});
