// Sending what waits in the outbox (outbox.ts, outbox-store.ts), in the order it was made, once each: a chunk of its own,
// loaded by outbox.ts after the page's first render, so the first load does not carry it.
import { api, toApiError, type ApiError } from './api-client';
import { isOnline } from './connection';
import { OUTBOX_STORAGE_KEY, read, tellOutboxResult, useOutbox, write, type OutboxEntry } from './outbox-store';

const RETRY_MS = 20_000;

/** A call that never reached an answer (no network, a time-out): it stays for the next try. */
const unanswered = (error: ApiError) => error.status === 0 || error.status >= 500 || error.status === 429;

async function sendOne(entry: OutboxEntry): Promise<'sent' | 'stop'> {
  try {
    const reply = await api[entry.method](entry.url, { json: entry.json, headers: entry.headers, ...(entry.timeoutMs ? { timeout: entry.timeoutMs } : {}) }).json();
    write(read().filter((kept) => kept.id !== entry.id));
    tellOutboxResult({ entry, reply });
    return 'sent';
  } catch (thrown) {
    const error = await toApiError(thrown, 'network_error');
    if (unanswered(error)) return 'stop';
    // The server answered and refused (a product gone, a window full): sent once, told, dropped.
    write(read().filter((kept) => kept.id !== entry.id));
    tellOutboxResult({ entry, error });
    return 'sent';
  }
}

async function sendAll(): Promise<void> {
  for (let entry = read()[0]; entry && isOnline(); entry = read()[0]) {
    if ((await sendOne(entry)) === 'stop') return;
  }
}

let flushing: Promise<void> | null = null;

/** Sends what waits, in order, one at a time; another tab of the shop waits its turn for the same lock. */
export function sendWaiting(): Promise<void> {
  if (flushing) return flushing;
  // No network now: try again a little later (and at once when the browser says it is back: outbox.ts).
  if (!isOnline()) {
    retryLater();
    return Promise.resolve();
  }
  if (read().length === 0) return Promise.resolve();
  useOutbox.setState({ sending: true });
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const run = locks ? locks.request(OUTBOX_STORAGE_KEY, () => sendAll()) : sendAll();
  flushing = Promise.resolve(run).finally(() => {
    flushing = null;
    useOutbox.setState({ sending: false, entries: read() });
    // What is left found no network (or a busy server): try again a little later.
    retryLater();
  });
  return flushing;
}

let retryTimer: ReturnType<typeof setTimeout> | undefined;

function retryLater(): void {
  clearTimeout(retryTimer);
  if (read().length === 0) return;
  retryTimer = setTimeout(() => void sendWaiting(), RETRY_MS);
}
