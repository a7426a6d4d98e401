// A new version of the shop reaches a phone without breaking a page that is open: it installs in the
// background and waits while the open page keeps working, and the next visit opens in it.
// The new version is the built worker with one more line (it answers which version it is): written over
// web/dist/sw.js (and its compressed copies, which the server prefers) for this test, put back after.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';

const dist = path.resolve(import.meta.dirname, '../web/dist');
const WORKER_FILES = ['sw.js', 'sw.js.gz', 'sw.js.br'];

/** The version the worker in charge of the page answers with, or 'first' for the built one (it does not answer). */
function versionInCharge(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const worker = navigator.serviceWorker.controller;
        if (!worker) return resolve('none');
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(String(event.data));
        worker.postMessage('isoko-e2e-version', [channel.port2]);
        setTimeout(() => resolve('first'), 1500);
      }),
  );
}

test('a new version waits while a page is open, and takes over on the next visit', async ({ page }) => {
  const saved = WORKER_FILES.map((name) => [name, readFileSync(path.join(dist, name))] as const);
  try {
    await page.goto('/');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => versionInCharge(page), { timeout: 20_000 }).toBe('first');

    // A deploy: the worker changes on the server.
    const next = `${saved[0][1].toString('utf8')}\nself.addEventListener('message', (event) => { if (event.data === 'isoko-e2e-version') event.ports[0].postMessage('second'); });\n`;
    writeFileSync(path.join(dist, 'sw.js'), next);
    writeFileSync(path.join(dist, 'sw.js.gz'), gzipSync(next));
    writeFileSync(path.join(dist, 'sw.js.br'), brotliCompressSync(next));

    // The open page finds it: it installs and waits; the page keeps its version and keeps working.
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.update()));
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => Boolean(registration?.waiting))), { timeout: 20_000 }).toBe(true);
    expect(await versionInCharge(page)).toBe('first');
    await page.getByRole('link', { name: 'About us' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'About Isoko' })).toBeVisible();

    // The next visit: the waiting version takes over before the shop shows, and the shop opens in it.
    await page.goto('/products');
    await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
    await expect.poll(() => versionInCharge(page), { timeout: 20_000 }).toBe('second');
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.waiting ?? null))).toBeNull();
  } finally {
    for (const [name, bytes] of saved) writeFileSync(path.join(dist, name), bytes);
  }
});
