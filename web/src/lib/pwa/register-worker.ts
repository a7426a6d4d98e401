// Registering the storefront's service worker (web/offline-shell.ts) and keeping what the first visit used:
// a chunk of its own, loaded once the page has rendered (main.tsx), so the first load does not carry it.
import { supported } from './service-worker';

const WORKER_URL = '/sw.js';

/** What a page fetched that the worker keeps as it goes (web/offline-shell.ts): scripts, styles, pictures. */
const KEPT = /^\/(assets|images|uploads|hero)\/|^\/favicon\.svg$/;

/**
 * The first visit ran before the worker was there, so nothing it used went through it. Once the worker
 * takes the page, each such file is asked for again through it: the browser's cache answers (no byte
 * comes over the network) and the worker keeps a copy, so the shop opens offline in this language with
 * these pictures from the first visit on.
 */
function keepWhatThisVisitUsed(): void {
  const used = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === window.location.origin && KEPT.test(url.pathname));
  for (const url of new Set(used.map((one) => one.href))) void fetch(url).catch(() => undefined);
}

/** Registers the worker once the page has loaded, so its install never competes with the first paint. */
export function registerServiceWorker(): void {
  if (!supported()) return;
  if (!navigator.serviceWorker.controller) {
    navigator.serviceWorker.addEventListener('controllerchange', keepWhatThisVisitUsed, { once: true });
  }
  const register = () => void navigator.serviceWorker.register(WORKER_URL, { scope: '/' }).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
