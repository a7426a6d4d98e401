// When does a shopper on a low-end phone see the hero? The built site, served by the real server, loaded
// cold in Chromium with a slow 4G network (400 ms round trip, 1.6 Mbps down, 750 kbps up) and a CPU
// slowed 4x, at 360x640. The figure is the time from navigation start to the 'hero-visible' mark the
// home page sets once the 1 s splash has lifted and the first slide's picture is on screen (aim 2 s).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '../..');
const PORT = Number(process.env.BENCH_WEB_PORT ?? 4399);
// BENCH_WEB_URL measures a site that is already running (a staging host, a different server setup).
const BASE = process.env.BENCH_WEB_URL ?? `http://localhost:${PORT}`;
const RUNS = Number(process.env.BENCH_PAINT_RUNS ?? 3);
const BUDGET_MS = 2000;

const SLOW_4G = { offline: false, latency: 400, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CPU_SLOWDOWN = 4;

async function waitForHealth(deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${BASE}/api/health`);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The server did not answer on ${BASE} in time`);
}

function startServer(): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(PORT), DATA_DIR: '.tmp/bench-web-data', LOG_REQUESTS: 'false' },
    stdio: 'ignore',
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export default async function webPaintBench() {
  if (!process.env.BENCH_WEB_URL && !existsSync(path.join(root, 'web/dist/index.html'))) {
    throw new Error('Build the site first: npm run build');
  }
  const server = process.env.BENCH_WEB_URL ? null : startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    await waitForHealth(Date.now() + 180_000);
    const heroTimes: number[] = [];
    const firstPaints: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      // A new context each time: empty cache, no service worker, like a first visit.
      const context = await browser.newContext({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await page.goto(`${BASE}/`, { waitUntil: 'commit' });
      await page.waitForFunction(() => performance.getEntriesByName('hero-visible').length > 0, null, { timeout: 60_000, polling: 50 });
      const marks = await page.evaluate(() => ({
        hero: performance.getEntriesByName('hero-visible')[0].startTime,
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
      }));
      heroTimes.push(marks.hero);
      firstPaints.push(marks.fcp);
      await context.close();
    }
    return [
      { name: `hero painted after splash, slow 4G + 4x CPU (median of ${RUNS})`, value: Math.round(median(heroTimes)), unit: 'ms', budget: BUDGET_MS },
      { name: 'first contentful paint (boot splash), same conditions', value: Math.round(median(firstPaints)), unit: 'ms' },
    ];
  } finally {
    await browser.close();
    server?.kill();
  }
}
