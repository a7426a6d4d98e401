// The storefront on a cheap phone with a patchy connection: the built site, served by the real server, in
// Chromium at 360x640 with slow 4G (400 ms round trip, 1.6 Mbps down, 750 kbps up) and a CPU slowed 4x.
//   first visit: every byte the server sends (headers included) from the navigation until the service
//     worker has installed and the network has been quiet for 2 s (aim: <= 150 KB);
//   repeat visit: the same, on a later visit to / from the same phone (aim: <= 20 KB), and when the hero
//     is painted (the 'hero-painted' mark: the first slide's picture on the page, under docs/product.md's 1 s
//     splash; aim <= 1.0 s), with the moment the splash lifts off it reported beside it;
//   offline reload: the network gone, the page reloaded: the shop must show (its hero and its offline notice).
// Bytes are counted by a proxy between the browser and the server, so the service worker's own fetches
// (its install, its precache) count too, which the page's network log would not see.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, openSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { chromium, type BrowserContext, type CDPSession, type Page } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '../..');
const SERVER_PORT = Number(process.env.BENCH_PWA_PORT ?? 4396);
const PROXY_PORT = SERVER_PORT + 1;
const BASE = `http://localhost:${PROXY_PORT}`;
const REPEATS = Number(process.env.BENCH_PWA_REPEATS ?? 3);

const SLOW_4G = { offline: false, latency: 400, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CPU_SLOWDOWN = 4;
const QUIET_MS = 2000;

/** A TCP proxy that counts what the server sends to the browser. */
function countingProxy(): { server: net.Server; sent: () => number; reset: () => void; lastByteAt: () => number } {
  let bytes = 0;
  let last = Date.now();
  const server = net.createServer((client) => {
    const upstream = net.connect(SERVER_PORT, '127.0.0.1');
    upstream.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      last = Date.now();
    });
    client.pipe(upstream).pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close);
    upstream.on('error', close);
  });
  return {
    server,
    sent: () => bytes,
    reset: () => {
      bytes = 0;
      last = Date.now();
    },
    lastByteAt: () => last,
  };
}

async function waitForHealth(deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://localhost:${SERVER_PORT}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('The server did not answer in time');
}

/** Until nothing has come from the server for QUIET_MS (at most a minute). */
async function untilQuiet(lastByteAt: () => number): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && Date.now() - lastByteAt() < QUIET_MS) await new Promise((resolve) => setTimeout(resolve, 200));
}

async function phonePage(context: BrowserContext): Promise<{ page: Page; cdp: CDPSession }> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { page, cdp };
}

const mark = (page: Page, name: string) =>
  page.waitForFunction((wanted) => performance.getEntriesByName(wanted).length > 0, name, { timeout: 60_000, polling: 50 }).then(() =>
    page.evaluate((wanted) => performance.getEntriesByName(wanted)[0].startTime, name),
  );

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

export default async function webPwaBench() {
  if (!existsSync(path.join(root, 'web/dist/sw.js'))) throw new Error('Build the site first: npm run build');
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    // BENCH_PWA_LOG=file: the server's request log there, to see what each visit asked for.
    env: { ...process.env, PORT: String(SERVER_PORT), DATA_DIR: '.tmp/bench-pwa-data', LOG_REQUESTS: process.env.BENCH_PWA_LOG ? 'true' : 'false' },
    stdio: ['ignore', process.env.BENCH_PWA_LOG ? openSync(process.env.BENCH_PWA_LOG, 'w') : 'ignore', 'ignore'],
  });
  const proxy = countingProxy();
  await new Promise<void>((resolve) => proxy.server.listen(PROXY_PORT, '127.0.0.1', resolve));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    await waitForHealth(Date.now() + 180_000);
    // One phone: a context keeps its cache and its service worker from one visit to the next.
    const context = await browser.newContext({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, serviceWorkers: 'allow' });

    proxy.reset();
    const { page: first } = await phonePage(context);
    await first.goto(`${BASE}/`, { waitUntil: 'commit' });
    await mark(first, 'hero-visible');
    await first.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await untilQuiet(proxy.lastByteAt);
    const firstVisit = proxy.sent();
    await first.close();

    const repeatBytes: number[] = [];
    const painted: number[] = [];
    const visible: number[] = [];
    let page: Page | null = null;
    let cdp: CDPSession | null = null;
    for (let visit = 0; visit < REPEATS; visit += 1) {
      proxy.reset();
      ({ page, cdp } = await phonePage(context));
      await page.goto(`${BASE}/`, { waitUntil: 'commit' });
      painted.push(await mark(page, 'hero-painted'));
      visible.push(await mark(page, 'hero-visible'));
      await untilQuiet(proxy.lastByteAt);
      repeatBytes.push(proxy.sent());
      if (visit < REPEATS - 1) await page.close();
    }

    // The last visit's page, reloaded with the network gone.
    let offlineFailures = 1;
    if (page && cdp) {
      // Playwright's offline switch and the throttling both: the page's own emulation would override the switch.
      await cdp.send('Network.emulateNetworkConditions', { ...SLOW_4G, offline: true });
      await context.setOffline(true);
      await page.reload({ waitUntil: 'commit' });
      try {
        await page.locator('h1.hero-title', { hasText: 'Fresh Vegetables & Fruits' }).waitFor({ state: 'attached', timeout: 30_000 });
        await page.getByText('You are offline.').waitFor({ timeout: 10_000 });
        offlineFailures = 0;
      } catch {
        offlineFailures = 1;
      }
    }
    await context.close();
    return [
      { name: 'first visit, bytes from the server (SW installed, 2 s quiet)', value: kb(firstVisit), unit: 'KB', budget: 150 },
      { name: `repeat visit, bytes from the server (median of ${REPEATS})`, value: kb(median(repeatBytes)), unit: 'KB', budget: 20 },
      { name: `repeat visit, hero painted (median of ${REPEATS})`, value: Math.round(median(painted)), unit: 'ms', budget: 1000 },
      { name: 'repeat visit, hero visible after the 1 s splash', value: Math.round(median(visible)), unit: 'ms' },
      { name: 'offline reload: the shop does not show', value: offlineFailures, unit: 'failures', budget: 0 },
    ];
  } finally {
    await browser.close();
    proxy.server.close();
    server.kill();
  }
}
