// Entry point: styles, the shopper's language, then the app. Everything page-specific arrives in its own
// chunk. A version of the shop installed during an earlier visit takes over first (lib/pwa/service-worker.ts).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/global.css';
import { App } from './app/providers';
import { startI18n } from './lib/i18n/i18n';
import { flushOutbox } from './lib/outbox';
import { reloadOnMissingScript, takeOverWaitingVersion } from './lib/pwa/service-worker';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

reloadOnMissingScript();

async function start(root: HTMLElement) {
  // The language's messages (index.html preloads them beside this script) before anything is said.
  const [reloading] = await Promise.all([takeOverWaitingVersion(), startI18n()]);
  if (reloading) return;
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // Its own chunk, after the first render: the worker is for the next visit, not this one's first paint.
  void import('./lib/pwa/register-worker').then((worker) => worker.registerServiceWorker()).catch(() => undefined);
  // What the shopper did offline last time goes now, if the network is back.
  void flushOutbox().catch(() => undefined);
}

void start(container);
