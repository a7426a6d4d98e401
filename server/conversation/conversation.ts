// The conversation as the channels use it: find or start the session, read the new input, take
// the engine's step, store the result, remember the phone's language and where it stopped.
import { randomUUID } from 'node:crypto';
import type { ShopDeps } from '../lib/deps';
import { normalizePhone } from '../lib/phone';
import { isUnfinished, newSession, step } from './engine';
import { keyForTypedLabel } from './render-chat';
import { createSessionStore, databasePhoneBook, sessionLocks, type PhoneBook, type SessionStore } from './sessions';
import type { Reply, Session } from './types';

/** Dialling again within this time after stopping mid-journey offers to continue. */
export const RESUME_WINDOW_MS = 10 * 60_000;

/**
 * What a USSD gateway says the shopper typed. Africa's Talking sends every input of the session
 * joined by '*' (cumulative); a gateway that sends only the newest input uses 'latest'.
 */
export type UssdInput = { kind: 'cumulative'; text: string } | { kind: 'latest'; text: string; first: boolean };

export interface UssdTurn {
  sessionId: string;
  phoneNumber: string;
  input: UssdInput;
}

export interface ChatTurn {
  sessionId?: string;
  text: string;
  user?: { id: string; phoneNumber: string | null };
}

export interface ConversationOptions {
  store?: SessionStore;
  phoneBook?: PhoneBook;
  now?: () => number;
}

export interface Conversation {
  ussd(turn: UssdTurn): Promise<Reply>;
  chat(turn: ChatTurn): Promise<{ sessionId: string; reply: Reply }>;
  store: SessionStore;
}

const ussdKey = (gatewaySessionId: string) => `ussd:${gatewaySessionId}`;
const chatKey = (sessionId: string) => `chat:${sessionId}`;

/**
 * The inputs a cumulative text adds to what the session has consumed. The first request may
 * already carry inputs (a dial string with shortcuts, *384*4766*1#), which are played in order.
 */
export function newInputs(consumed: string | undefined, input: UssdInput): string[] {
  if (input.kind === 'latest') return input.first && !input.text ? [] : [input.text];
  const { text } = input;
  if (!consumed) return text ? text.split('*') : [];
  if (text.startsWith(`${consumed}*`)) return text.slice(consumed.length + 1).split('*');
  // The gateway's text no longer extends what we saw (it lost an input): take its last part only.
  const parts = text.split('*');
  return [parts[parts.length - 1]];
}

export function createConversation(deps: ShopDeps, options: ConversationOptions = {}): Conversation {
  const store = options.store ?? createSessionStore(deps);
  const phoneBook = options.phoneBook ?? databasePhoneBook(deps);
  const now = options.now ?? Date.now;
  const withLock = sessionLocks();

  async function unfinishedJourneyOf(phone: string): Promise<Session['resumable']> {
    const memory = await phoneBook.recall(phone);
    if (!memory?.lastSessionId || !memory.lastSeenAt || now() - memory.lastSeenAt > RESUME_WINDOW_MS) return undefined;
    const previous = await store.load(memory.lastSessionId);
    if (!previous || !isUnfinished(previous)) return undefined;
    return { current: previous.current!, stack: previous.stack };
  }

  async function openUssdSession(id: string, phone: string): Promise<{ session: Session; reply: Reply }> {
    const memory = await phoneBook.recall(phone);
    const session = newSession({ id, channel: 'ussd', phone, language: memory?.language });
    session.resumable = await unfinishedJourneyOf(phone);
    return step(session, null, deps);
  }

  async function ussd(turn: UssdTurn): Promise<Reply> {
    const id = ussdKey(turn.sessionId);
    const phone = normalizePhone(turn.phoneNumber);
    return withLock(id, async () => {
      const existing = await store.load(id);
      // The same request again (a gateway retry): the same answer, nothing done twice.
      if (existing?.lastReply && turn.input.kind === 'cumulative' && turn.input.text === existing.consumedText) {
        return existing.lastReply;
      }
      let { session, reply } = existing ? { session: existing, reply: existing.lastReply! } : await openUssdSession(id, phone);
      for (const text of newInputs(existing?.consumedText, turn.input)) {
        if (session.ended) break;
        ({ session, reply } = await step(session, text, deps));
      }
      session.consumedText = turn.input.kind === 'cumulative' ? turn.input.text : undefined;
      await store.save(session);
      await phoneBook.remember(phone, { language: session.language, lastSessionId: id, lastSeenAt: now() });
      return reply;
    });
  }

  async function openChatSession(id: string, turn: ChatTurn): Promise<{ session: Session; reply: Reply }> {
    const phone = turn.user?.phoneNumber ? normalizePhone(turn.user.phoneNumber) : undefined;
    const memory = phone ? await phoneBook.recall(phone) : undefined;
    // A chat has no first-call language screen: the phone's choice if known, else English (changeable from the menu).
    const session = newSession({ id, channel: 'chat', phone, userId: turn.user?.id, language: memory?.language ?? 'en' });
    return step(session, null, deps);
  }

  async function chat(turn: ChatTurn): Promise<{ sessionId: string; reply: Reply }> {
    const sessionId = turn.sessionId ?? randomUUID();
    const id = chatKey(sessionId);
    return withLock(id, async () => {
      let existing = turn.sessionId ? await store.load(id) : undefined;
      // Someone else's session (another account signed in on this browser) is not continued.
      if (existing?.userId && existing.userId !== turn.user?.id) existing = undefined;
      const text = turn.text.trim();
      let result: { session: Session; reply: Reply };
      if (!existing || existing.ended) {
        result = await openChatSession(id, turn);
        if (text) result = await step(result.session, text, deps);
      } else if (!text && existing.lastReply) {
        // An empty message (the widget reopened) shows where the shopper is.
        result = { session: existing, reply: existing.lastReply };
      } else {
        // A guest who has logged in since keeps their place, now as themselves.
        const phone = turn.user?.phoneNumber ? normalizePhone(turn.user.phoneNumber) : existing.phone;
        const session = { ...existing, userId: turn.user?.id ?? existing.userId, phone };
        result = await step(session, keyForTypedLabel(existing.lastReply, text), deps);
      }
      const languageBefore = existing?.language;
      await store.save(result.session);
      if (result.session.phone && result.session.language !== languageBefore) {
        const memory = await phoneBook.recall(result.session.phone);
        await phoneBook.remember(result.session.phone, { ...memory, language: result.session.language, lastSeenAt: memory?.lastSeenAt ?? now() });
      }
      return { sessionId, reply: result.reply };
    });
  }

  return { ussd, chat, store };
}

const conversations = new WeakMap<ShopDeps, Conversation>();

/** The app's one conversation (so chat and USSD share a store), made on first use. */
export function conversationFor(deps: ShopDeps): Conversation {
  let conversation = conversations.get(deps);
  if (!conversation) {
    conversation = createConversation(deps);
    conversations.set(deps, conversation);
  }
  return conversation;
}
