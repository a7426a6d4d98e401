// What the shopper did while the network was gone, waiting on this phone until it returns: each a call to
// the shop's API (a cart change, an order with its idempotency key), kept in local storage so a reload or
// a closed tab loses nothing, and sent once, in the order it was made, as soon as the network is back
// (the browser's online event, the next visit, or a retry every 20 s while any wait). An order's key goes
// with it, so even a reply lost on the way cannot make a second order (docs/api.md, placeOrder).
import { useConnection } from './connection';
import { OUTBOX_STORAGE_KEY, read, useOutbox, write, type OutboxEntry, type OutboxKind } from './outbox-store';

export { onOutboxResult, useOutbox, type OutboxEntry, type OutboxKind } from './outbox-store';

const newId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** Keeps a call to send when the network returns, and tries at once if it has. */
export function enqueue(entry: Omit<OutboxEntry, 'id' | 'createdAt'>): OutboxEntry {
  const kept: OutboxEntry = { ...entry, id: newId(), createdAt: Date.now() };
  write([...read(), kept]);
  void flushOutbox().catch(() => undefined);
  return kept;
}

/** The entries still waiting, of one kind: as stored, which another tab may have changed. */
export const waiting = (kind?: OutboxKind): OutboxEntry[] => read().filter((entry) => !kind || entry.kind === kind);

/**
 * Sends what waits, in order, one at a time (outbox-sender.ts). The sending code is a chunk of its own,
 * out of the first load: main.tsx calls this once the page has rendered, so the chunk is in the page
 * (and kept by the service worker) before the network can go. Loaded first while offline, it could
 * not be had, and the browser keeps a failed import failed for the page's life.
 */
export function flushOutbox(): Promise<void> {
  return import('./outbox-sender').then((sender) => sender.sendWaiting());
}

if (typeof window !== 'undefined') {
  useConnection.subscribe((state) => {
    if (state.online) void flushOutbox().catch(() => undefined);
  });
  // Another tab sent or added entries: show this tab the same list.
  window.addEventListener('storage', (event) => {
    if (event.key === OUTBOX_STORAGE_KEY) useOutbox.setState({ entries: read() });
  });
}
