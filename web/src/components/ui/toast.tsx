// Toasts callable from anywhere (components, stores, the api client): toast.success('Quantity updated').
// A tiny external store instead of a library: the Toaster subscribes with useSyncExternalStore.
import { knownMessage } from '@web/lib/i18n/known-messages';
import { t } from '@lingui/core/macro';
import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { AlertIcon, CheckIcon, CloseIcon, InfoIcon } from './icons';

export type ToastKind = 'success' | 'error' | 'info';

export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}

const DEFAULT_DURATION_MS = 4000;
const MAX_VISIBLE = 4;

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit() {
  for (const listener of listeners) listener();
}

function dismiss(id: number) {
  clearTimeout(timers.get(id));
  timers.delete(id);
  items = items.filter((item) => item.id !== id);
  emit();
}

function show(kind: ToastKind, text: string, durationMs = DEFAULT_DURATION_MS): number {
  // The server's sentences (and the shared schemas') in the shopper's language; the app's own already are.
  const message = knownMessage(text);
  // The same message twice in a row (a double click, two failing calls) is shown once.
  const same = items.find((item) => item.kind === kind && item.message === message);
  if (same) return same.id;
  const id = nextId++;
  items = [...items, { id, kind, message }].slice(-MAX_VISIBLE);
  timers.set(
    id,
    setTimeout(() => dismiss(id), kind === 'error' ? durationMs + 2000 : durationMs),
  );
  emit();
  return id;
}

export const toast = {
  success: (message: string, durationMs?: number) => show('success', message, durationMs),
  error: (message: string, durationMs?: number) => show('error', message, durationMs),
  info: (message: string, durationMs?: number) => show('info', message, durationMs),
  dismiss,
  /** For tests: the toasts on screen now. */
  current: (): readonly ToastItem[] => items,
  /** For tests: forget everything. */
  clear() {
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
    items = [];
    emit();
  },
};

// While a modal <dialog> is open, everything outside it sits under its backdrop and is inert, so toasts
// would be invisible and unheard. Open dialogs register here and the Toaster renders inside the top one.
let hosts: HTMLElement[] = [];

export function pushToastHost(element: HTMLElement): void {
  hosts = [...hosts.filter((host) => host !== element), element];
  emit();
}

export function popToastHost(element: HTMLElement): void {
  if (!hosts.includes(element)) return;
  hosts = hosts.filter((host) => host !== element);
  emit();
}

const currentHost = () => hosts[hosts.length - 1] ?? null;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const ICONS = { success: CheckIcon, error: AlertIcon, info: InfoIcon } as const;

/** `newest`: the last toast shown, the one a phone keeps in sight (global.css) when several are up. */
function ToastCard({ item, newest }: { item: ToastItem; newest: boolean }) {
  const Icon = ICONS[item.kind];
  return (
    <div className={`toast toast-${item.kind}${newest ? ' toast-newest' : ''}`}>
      <Icon size={18} className="toast-icon" />
      <p className="toast-message">{item.message}</p>
      <button type="button" className="toast-close" aria-label={t`Dismiss notification`} onClick={() => dismiss(item.id)}>
        <CloseIcon size={16} />
      </button>
    </div>
  );
}

/** Mount once near the root. Two live regions, present from the start so announcements are heard:
 *  errors interrupt (role=alert), the rest wait their turn (role=status). */
export function Toaster() {
  const all = useSyncExternalStore(subscribe, () => items, () => items);
  const host = useSyncExternalStore(subscribe, currentHost, () => null);
  const newestId = all.at(-1)?.id;
  const regions = (
    <div className="toaster">
      <div role="alert" className="toaster-region">
        {all.filter((item) => item.kind === 'error').map((item) => (
          <ToastCard key={item.id} item={item} newest={item.id === newestId} />
        ))}
      </div>
      <div role="status" aria-live="polite" className="toaster-region">
        {all.filter((item) => item.kind !== 'error').map((item) => (
          <ToastCard key={item.id} item={item} newest={item.id === newestId} />
        ))}
      </div>
    </div>
  );
  return host ? createPortal(regions, host) : regions;
}
