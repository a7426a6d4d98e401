// What the shopper did while the network was gone, waiting on this phone until it returns: each a call to
// the shop's API (a cart change, an order with its idempotency key), kept in local storage so a reload or
// a closed tab loses nothing, and sent once, in the order it was made, as soon as the network is back
// (the browser's online event, the next visit, or a retry every 20 s while any wait). An order's key goes
// with it, so even a reply lost on the way cannot make a second order (docs/api.md, placeOrder).
import { create } from 'zustand';
import { api, toApiError, type ApiError } from './api-client';
import { isOnline, useConnection } from './connection';

export type OutboxKind = 'cart' | 'order';

export interface OutboxEntry {
  id: string;
  kind: OutboxKind;
  method: 'post' | 'put' | 'delete';
  /** Under /api, as the api client takes it: 'cart/add'. */
  url: string;
  json?: unknown;
  headers?: Record<string, string>;
  timeoutMs?: number;
  createdAt: number;
}

export type OutboxResult = { entry: OutboxEntry; reply: unknown; error?: undefined } | { entry: OutboxEntry; reply?: undefined; error: ApiError };

const STORAGE_KEY = 'isoko-outbox';
const RETRY_MS = 20_000;

function read(): OutboxEntry[] {
  try {
    const stored = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '[]') as unknown;
    return Array.isArray(stored) ? (stored as OutboxEntry[]) : [];
  } catch {
    return [];
  }
}

function write(entries: OutboxEntry[]): void {
  try {
    if (entries.length) window.localStorage.setItem(STORAGE_KEY, JSON.stringify(entries));
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage full or disabled: the entries live as long as this page.
  }
  useOutbox.setState({ entries });
}

interface OutboxState {
  entries: OutboxEntry[];
  sending: boolean;
}

export const useOutbox = create<OutboxState>()(() => ({ entries: typeof window === 'undefined' ? [] : read(), sending: false }));

const listeners = new Set<(result: OutboxResult) => void>();

/** Told of each entry once it has gone: the server's reply, or its refusal (the entry is dropped either way). */
export function onOutboxResult(listener: (result: OutboxResult) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const newId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** Keeps a call to send when the network returns, and tries at once if it has. */
export function enqueue(entry: Omit<OutboxEntry, 'id' | 'createdAt'>): OutboxEntry {
  const kept: OutboxEntry = { ...entry, id: newId(), createdAt: Date.now() };
  write([...read(), kept]);
  retryIn(0);
  return kept;
}

/** The entries still waiting, of one kind: as stored, which another tab may have changed. */
export const waiting = (kind?: OutboxKind): OutboxEntry[] => read().filter((entry) => !kind || entry.kind === kind);

/** A call that never reached an answer (no network, a time-out): it stays for the next try. */
const unanswered = (error: ApiError) => error.status === 0 || error.status >= 500 || error.status === 429;

async function sendOne(entry: OutboxEntry): Promise<'sent' | 'stop'> {
  try {
    const reply = await api[entry.method](entry.url, { json: entry.json, headers: entry.headers, ...(entry.timeoutMs ? { timeout: entry.timeoutMs } : {}) }).json();
    write(read().filter((kept) => kept.id !== entry.id));
    for (const listener of listeners) listener({ entry, reply });
    return 'sent';
  } catch (thrown) {
    const error = await toApiError(thrown, 'network_error');
    if (unanswered(error)) return 'stop';
    // The server answered and refused (a product gone, a window full): sent once, told, dropped.
    write(read().filter((kept) => kept.id !== entry.id));
    for (const listener of listeners) listener({ entry, error });
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
export function flushOutbox(): Promise<void> {
  if (flushing || !isOnline() || read().length === 0) return flushing ?? Promise.resolve();
  useOutbox.setState({ sending: true });
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const run = locks ? locks.request(STORAGE_KEY, () => sendAll()) : sendAll();
  flushing = Promise.resolve(run).finally(() => {
    flushing = null;
    useOutbox.setState({ sending: false, entries: read() });
    // What is left found no network (or a busy server): try again a little later.
    retryIn(RETRY_MS);
  });
  return flushing;
}

let retryTimer: ReturnType<typeof setTimeout> | undefined;

function retryIn(delayMs: number): void {
  clearTimeout(retryTimer);
  if (read().length === 0) return;
  retryTimer = setTimeout(() => void flushOutbox(), isOnline() ? delayMs : RETRY_MS);
}

if (typeof window !== 'undefined') {
  useConnection.subscribe((state) => {
    if (state.online) void flushOutbox();
  });
  // Another tab sent or added entries: show this tab the same list.
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEY) useOutbox.setState({ entries: read() });
  });
}
