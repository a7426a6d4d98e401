// The outbox's entries (outbox.ts): kept in local storage and mirrored in a store for the screens, with the
// listeners told how each went. Shared by outbox.ts, which adds entries, and outbox-sender.ts, which sends them.
import { create } from 'zustand';
import type { ApiError } from './api-client';

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

export const OUTBOX_STORAGE_KEY = 'isoko-outbox';

/** The entries waiting, as stored (another tab may have changed them). */
export function read(): OutboxEntry[] {
  try {
    const stored = JSON.parse(window.localStorage.getItem(OUTBOX_STORAGE_KEY) ?? '[]') as unknown;
    return Array.isArray(stored) ? (stored as OutboxEntry[]) : [];
  } catch {
    return [];
  }
}

export function write(entries: OutboxEntry[]): void {
  try {
    if (entries.length) window.localStorage.setItem(OUTBOX_STORAGE_KEY, JSON.stringify(entries));
    else window.localStorage.removeItem(OUTBOX_STORAGE_KEY);
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

/** Tells every listener how an entry went (outbox-sender.ts, once the entry is dropped). */
export function tellOutboxResult(result: OutboxResult): void {
  for (const listener of listeners) listener(result);
}

/** Told of each entry once it has gone: the server's reply, or its refusal (the entry is dropped either way). */
export function onOutboxResult(listener: (result: OutboxResult) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
