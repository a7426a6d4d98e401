// The conversation the widget and the /chat page share: one store, so opening the page after the widget (or
// reloading) continues the same talk. It lives in sessionStorage: the server keeps the session's state, and the
// transcript only needs to outlive a reload in this tab, not a closed browser.
import { t } from '@lingui/core/macro';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { ApiError, toApiError } from '@web/lib/api-client';
import { clearChatLoginPending, isChatLoginPending } from '@web/lib/chat-resume';
import { storage } from '@web/lib/storage';
import { useCartStore } from '@web/features/cart';
import { sendChatMessage, type ChatCard, type ChatOption, type ChatOrder, type ChatReply } from './api/send-chat-message';

export type { ChatCard, ChatOption, ChatOrder } from './api/send-chat-message';

export interface ChatEntry {
  id: number;
  from: 'shop' | 'shopper';
  text: string;
  /** A product or the cart, shown as a card (the text says the same in words). */
  card?: ChatCard;
  /** The order this message announces, linked to its confirmation page. */
  order?: ChatOrder;
  /** A line we wrote ourselves because the turn failed; it goes away when the retry succeeds. */
  failed?: boolean;
}

interface Turn {
  text: string;
  /** What the shopper saw on the button, echoed instead of the option's key. */
  label?: string;
}

interface ChatState {
  sessionId?: string;
  entries: ChatEntry[];
  options: ChatOption[];
  end: boolean;
  sending: boolean;
  /** The turn that failed, kept so Retry can send it again without echoing it twice. */
  failedTurn?: Turn;
  seq: number;
  /** Who the transcript belongs to (a signed-in shopper's id), so a shared phone never shows it to the next person. */
  owner?: string;
  /** Opens the conversation once: sends an empty text when there is nothing to show yet. */
  start: () => void;
  send: (text: string, label?: string) => Promise<void>;
  retry: () => Promise<void>;
  restart: () => Promise<void>;
}

export const STORAGE_KEY = 'isoko-chat';
/** A long chat on a cheap phone should not grow without bound; the server holds the real state anyway. */
const MAX_ENTRIES = 60;
const MAX_TEXT = 500;

const offlineLine = () => t`Sorry, we couldn't reach Isoko. Check your connection and try again.`;
const failedLine = () => t`Sorry, something went wrong on our side. Please try again.`;

function friendlyLine(error: ApiError): string {
  if (error.status === 0) return offlineLine();
  // A 4xx message is written for people (e.g. a too-long text); a 5xx one is not worth showing.
  if (error.status >= 400 && error.status < 500 && error.message) return error.message;
  return failedLine();
}

/** The signed-in shopper, read from the session the auth feature keeps; undefined for a guest. */
function currentShopper(): string | undefined {
  const user = storage.getUser();
  if (!storage.getToken() || !user) return undefined;
  return user._id ?? user.email ?? user.phoneNumber ?? user.fullName;
}

/** One cart across faces: a chat turn that changed the cart refreshes the header badge, drawer and cart page. */
function announceCartChange(reply: ChatReply) {
  if (reply.cartChanged) void useCartStore.getState().fetchCart();
}

const emptyConversation = {
  sessionId: undefined,
  owner: undefined,
  entries: [] as ChatEntry[],
  options: [] as ChatOption[],
  end: false,
  sending: false,
  failedTurn: undefined,
};

export const useChatStore = create<ChatState>()(
  persist(
    (set, get) => {
      /** Sends one turn; `echo` is false on a retry, whose shopper line is already shown. */
      /**
       * A shopper's transcript is dropped once they sign out or another account signs in. A guest's is kept
       * when they sign in (the login link in the chat brings them back to carry on) and becomes theirs.
       */
      function forgetIfNotTheirs() {
        const shopper = currentShopper();
        const { owner } = get();
        if (owner && owner !== shopper) set({ ...emptyConversation });
        else if (!owner && shopper) set({ owner: shopper });
      }

      async function exchange(turn: Turn, echo: boolean) {
        if (get().sending) return;
        forgetIfNotTheirs();
        const text = turn.text.slice(0, MAX_TEXT);
        set((state) => {
          const entries = state.entries.filter((entry) => !entry.failed);
          let seq = state.seq;
          if (echo && (turn.label ?? text).trim()) {
            entries.push({ id: ++seq, from: 'shopper', text: turn.label ?? text });
          }
          return { entries, seq, sending: true, options: [], failedTurn: undefined };
        });
        try {
          const reply = await sendChatMessage({ sessionId: get().sessionId, text });
          set((state) => {
            let seq = state.seq;
            const incoming = reply.messages
              .filter((message) => typeof message?.text === 'string' && message.text.length > 0)
              .map((message): ChatEntry => ({ id: ++seq, from: 'shop', text: message.text, ...(message.card ? { card: message.card } : {}) }));
            if (reply.order) incoming.push({ id: ++seq, from: 'shop', text: `Order ${reply.order.number}`, order: reply.order });
            return {
              sessionId: reply.sessionId || state.sessionId,
              entries: [...state.entries, ...incoming].slice(-MAX_ENTRIES),
              options: reply.options,
              end: reply.end,
              sending: false,
              seq,
            };
          });
          announceCartChange(reply);
        } catch (error) {
          const apiError = await toApiError(error, failedLine());
          set((state) => ({
            entries: [...state.entries, { id: state.seq + 1, from: 'shop' as const, text: friendlyLine(apiError), failed: true }],
            seq: state.seq + 1,
            sending: false,
            failedTurn: { text, label: turn.label },
          }));
        }
      }

      return {
        ...emptyConversation,
        seq: 0,
        start() {
          forgetIfNotTheirs();
          // Back from the chat's log-in link, now signed in: the server carries on with what was asked.
          if (isChatLoginPending() && storage.getToken()) {
            clearChatLoginPending();
            void exchange({ text: '' }, false);
            return;
          }
          const { entries, sending } = get();
          if (entries.length === 0 && !sending) void exchange({ text: '' }, false);
        },
        send: (text, label) => exchange({ text, label }, true),
        async retry() {
          const turn = get().failedTurn;
          if (turn) await exchange(turn, false);
        },
        async restart() {
          if (get().sending) return;
          set({ ...emptyConversation });
          await exchange({ text: '' }, false);
        },
      };
    },
    {
      name: STORAGE_KEY,
      storage: createJSONStorage(() => sessionStorage),
      // Version 1: cards carry their own words. A transcript kept by an older page has none, so it is
      // dropped (the session goes on: the next turn shows where the shopper is).
      version: 1,
      migrate: (kept) => ({ ...(kept as object), entries: [] }),
      // A request in flight does not survive a reload, so `sending` is never stored.
      partialize: ({ sessionId, entries, options, end, failedTurn, seq, owner }) => ({
        sessionId,
        owner,
        entries,
        options,
        end,
        failedTurn,
        seq,
      }),
    },
  ),
);

/** For tests: forget the conversation, in memory and in sessionStorage. */
export function resetChatStore(): void {
  useChatStore.setState({ ...emptyConversation, seq: 0 });
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage may be disabled; there is nothing to forget then.
  }
}
