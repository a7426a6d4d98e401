// The rider's actions, saved on the phone before they are sent: each with an idempotency key made
// when the rider taps, so one sent again after a network cut (the answer lost on the way back) is done
// once by the server. Sent in the order tapped; a network failure leaves the action (and those after
// it) queued for the next try; an answer, even a refusal, takes it off (a refusal is shown: a wrong
// code must be asked again). Kept in localStorage, so a closed app sends it when next opened.
import { call, Refused, type DoorReply } from './rider-api';

export type ActionKind = 'picked-up' | 'delivered' | 'not-delivered';

export interface QueuedAction {
  key: string;
  orderId: string;
  orderNumber: string;
  kind: ActionKind;
  body: Record<string, unknown>;
  savedAt: string;
}

const QUEUE_KEY = 'isoko.rider.queue';

export function queuedActions(): QueuedAction[] {
  try {
    return JSON.parse(localStorage.getItem(QUEUE_KEY) ?? '[]') as QueuedAction[];
  } catch {
    return [];
  }
}

function keep(actions: readonly QueuedAction[]): void {
  try {
    localStorage.setItem(QUEUE_KEY, JSON.stringify(actions));
  } catch {
    // Storage full or refused: the action stays in memory until the page closes.
  }
}

function newKey(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

export function saveAction(action: Omit<QueuedAction, 'key' | 'savedAt'>): QueuedAction {
  const saved = { ...action, key: newKey(), savedAt: new Date().toISOString() };
  keep([...queuedActions(), saved]);
  return saved;
}

export interface SendResult {
  done: { action: QueuedAction; reply: DoorReply }[];
  refused: { action: QueuedAction; message: string }[];
  /** The network was down: what is left waits for the next try. */
  offline: boolean;
}

/** Sends the queue in order until it is empty or the network fails. */
export async function sendQueued(): Promise<SendResult> {
  const result: SendResult = { done: [], refused: [], offline: false };
  for (const action of queuedActions()) {
    try {
      const reply = await call<DoorReply>('POST', `rider/orders/${encodeURIComponent(action.orderId)}/${action.kind}`, action.body, { 'Idempotency-Key': action.key });
      result.done.push({ action, reply });
    } catch (error) {
      // A server error (5xx) is tried again later, like a network cut; any other answer is final.
      if (!(error instanceof Refused) || error.status >= 500) {
        result.offline = true;
        break;
      }
      result.refused.push({ action, message: error.message });
    }
    keep(queuedActions().filter((queued) => queued.key !== action.key));
  }
  return result;
}
