// The conversation as the channels use it: find or start the session, read the new input, take
// the engine's step, store the result, remember the phone's language and where it stopped.
import { randomUUID } from 'node:crypto';
import type { ShopDeps } from '../lib/deps';
import { normalizePhone } from '../lib/phone';
import { withoutLoneSurrogates } from '../lib/text';
import { afterLogin, isUnfinished, newSession, step } from './engine';
import { createSessionStore, databasePhoneBook, writingOnChange, type PhoneBook, type PhoneMemory, type SessionStore } from './sessions';
import type { Language } from './i18n';
import type { ChannelFace, ChannelLimits, Reply, Session } from './types';

/** Dialling again within this time after stopping mid-journey offers to continue. */
export const RESUME_WINDOW_MS = 10 * 60_000;

/** One request of a USSD gateway: who is calling, in which gateway session, and the gateway's text. */
export interface UssdTurn {
  sessionId: string;
  phoneNumber: string;
  /** The text as the gateway sent it; its adapter reads the new inputs from it. */
  text: string;
}

/** How a USSD gateway's requests are read and its screens measured: the adapter supplies it. */
export interface UssdReader {
  limits: ChannelLimits;
  /**
   * The inputs this request's text adds to the last text answered (undefined on a new session),
   * or null when it is that same request again (a gateway retry).
   */
  newInputs(answered: string | undefined, text: string): string[] | null;
}

/** A chat turn's answer: the reply, and the language the conversation is in (for the words around its cards). */
export interface ChatAnswer {
  sessionId: string;
  reply: Reply;
  language: Language;
}

export interface ChatTurn {
  sessionId?: string;
  text: string;
  user?: { id: string; phoneNumber: string | null };
}

/** One WhatsApp message: who sent it (their number is the shopper) and what it says or chose. */
export interface WhatsAppTurn {
  phoneNumber: string;
  /** The typed text, or the id of the list row / reply button chosen. */
  text: string;
  /** A tapped choice, not typed words. */
  chosen: boolean;
}

/** Words that open the menu afresh on WhatsApp, as dialling does on USSD. */
const GREETINGS: ReadonlySet<string> = new Set(['hi', 'hello', 'hey', 'menu', 'start', 'muraho', 'mwaramutse', 'bonjour', 'salut']);

/** A screen that waits for typed words (a prompt, or nothing to choose but Back and Home). */
const asksForText = (reply: Reply) =>
  Boolean(reply.prompt) || (!reply.list.some((row) => row.key) && !reply.options.some((option) => option.kind === 'action'));

export const isGreeting = (text: string) => GREETINGS.has(text.trim().toLowerCase().replace(/[!.?]+$/, ''));

export interface ConversationOptions {
  store?: SessionStore;
  phoneBook?: PhoneBook;
  now?: () => number;
}

export interface Conversation {
  ussd(turn: UssdTurn, gateway: UssdReader): Promise<Reply>;
  chat(turn: ChatTurn, face: ChannelFace): Promise<ChatAnswer>;
  /** One WhatsApp turn; `deliver` sends the reply while the phone's session is still held, so replies keep their order. */
  whatsapp(turn: WhatsAppTurn, face: ChannelFace, deliver: (reply: Reply, session: Session) => Promise<void>): Promise<Reply>;
  store: SessionStore;
}

const ussdKey = (gatewaySessionId: string) => `ussd:${gatewaySessionId}`;
const chatKey = (sessionId: string) => `chat:${sessionId}`;
const whatsappKey = (phone: string) => `whatsapp:${phone}`;

// Control characters are exactly what this pattern is for (they are dropped from what a shopper typed).
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/**
 * What a shopper typed, as text the session can keep: PostgreSQL's jsonb refuses a NUL byte and a
 * lone surrogate half, and neither means anything to a menu, so they are dropped or replaced here,
 * once, for every channel.
 */
export function readableText(text: string): string {
  return withoutLoneSurrogates(text).replace(CONTROL_CHARACTERS, '');
}

/** The key typed words name on the session's last reply, as the channel reads them. */
function typedKey(face: ChannelFace, session: Session, text: string): string {
  return session.lastReply && face.keyFor ? face.keyFor(session.lastReply, text, session.language ?? 'en') : text;
}

export function createConversation(deps: ShopDeps, options: ConversationOptions = {}): Conversation {
  const store = options.store ?? createSessionStore(deps);
  const phoneBook = writingOnChange(options.phoneBook ?? databasePhoneBook(deps));
  const now = options.now ?? Date.now;

  /** The journey this phone left unfinished, from what the phone book recalls of it (read once by the caller). */
  async function unfinishedJourneyOf(memory: PhoneMemory | undefined): Promise<Session['resumable']> {
    if (!memory?.lastSessionId || !memory.lastSeenAt || now() - memory.lastSeenAt > RESUME_WINDOW_MS) return undefined;
    const previous = await store.load(memory.lastSessionId);
    if (!previous || !isUnfinished(previous)) return undefined;
    return { current: previous.current!, stack: previous.stack };
  }

  async function openUssdSession(id: string, phone: string, limits: ChannelLimits): Promise<{ session: Session; reply: Reply }> {
    const memory = await phoneBook.recall(phone);
    const session = newSession({ id, channel: 'ussd', phone, language: memory?.language });
    session.resumable = await unfinishedJourneyOf(memory);
    return step(session, null, deps, limits);
  }

  async function ussd(rawTurn: UssdTurn, gateway: UssdReader): Promise<Reply> {
    const turn = { ...rawTurn, text: readableText(rawTurn.text) };
    const id = ussdKey(turn.sessionId);
    const phone = normalizePhone(turn.phoneNumber);
    // One turn per session at a time, on any instance: a gateway retry waits, then is answered from the stored reply.
    return store.turn(id, async (existing) => {
      const inputs = gateway.newInputs(existing?.consumedText, turn.text);
      // The same request again (a gateway retry): the same answer, nothing done twice.
      if (existing?.lastReply && inputs === null) return existing.lastReply;
      let { session, reply } = existing ? { session: existing, reply: existing.lastReply! } : await openUssdSession(id, phone, gateway.limits);
      for (const text of inputs ?? []) {
        if (session.ended) break;
        ({ session, reply } = await step(session, text, deps, gateway.limits));
      }
      session.consumedText = turn.text;
      await store.save(session);
      await phoneBook.remember(phone, { language: session.language, lastSessionId: id, lastSeenAt: now() });
      return reply;
    });
  }

  async function openChatSession(id: string, turn: ChatTurn, limits: ChannelLimits): Promise<{ session: Session; reply: Reply }> {
    const phone = turn.user?.phoneNumber ? normalizePhone(turn.user.phoneNumber) : undefined;
    const memory = phone ? await phoneBook.recall(phone) : undefined;
    // A chat has no first-call language screen: the phone's choice if known, else English (changeable from the menu).
    const session = newSession({ id, channel: 'chat', phone, userId: turn.user?.id, language: memory?.language ?? 'en' });
    return step(session, null, deps, limits);
  }

  async function chat(turn: ChatTurn, face: ChannelFace): Promise<ChatAnswer> {
    const answered = await chatTurn(turn, face);
    // Someone else's session (another account signed in on this browser) is neither continued nor
    // replaced: this shopper starts one of their own under a new id, and the other's stays as it was.
    return answered ?? (await chatTurn({ ...turn, sessionId: undefined }, face))!;
  }

  /** One chat turn; undefined (nothing done) when the session given belongs to another account. */
  async function chatTurn(turn: ChatTurn, face: ChannelFace): Promise<ChatAnswer | undefined> {
    const { limits } = face;
    const sessionId = turn.sessionId ?? randomUUID();
    const id = chatKey(sessionId);
    return store.turn(id, async (stored) => {
      const existing = turn.sessionId ? stored : undefined;
      if (existing?.userId && existing.userId !== turn.user?.id) return undefined;
      const text = readableText(turn.text).trim();
      let result: { session: Session; reply: Reply };
      if (!existing || existing.ended) {
        result = await openChatSession(id, turn, limits);
        if (text) result = await step(result.session, text, deps, limits);
      } else {
        // A guest who has logged in since keeps their place, now as themselves.
        const phone = turn.user?.phoneNumber ? normalizePhone(turn.user.phoneNumber) : existing.phone;
        const session = { ...existing, userId: turn.user?.id ?? existing.userId, phone };
        const resumed = text ? undefined : afterLogin(session);
        if (resumed) {
          // Back from the chat's log-in link: do what they asked for (add to cart, checkout) as themselves.
          result = await step(resumed.session, resumed.input, deps, limits);
        } else if (!text && existing.lastReply) {
          // An empty message (the widget reopened) shows where the shopper is.
          result = { session: existing, reply: existing.lastReply };
        } else {
          result = await step(session, typedKey(face, existing, text), deps, limits);
        }
      }
      const languageBefore = existing?.language;
      await store.save(result.session);
      if (result.session.phone && result.session.language !== languageBefore) {
        const memory = await phoneBook.recall(result.session.phone);
        await phoneBook.remember(result.session.phone, { ...memory, language: result.session.language, lastSeenAt: memory?.lastSeenAt ?? now() });
      }
      return { sessionId, reply: result.reply, language: result.session.language ?? 'en' };
    });
  }

  /**
   * WhatsApp has no dial: the number's session goes on from message to message. A greeting (where
   * no free text is asked for), or a message after the journey ended, opens the menu as a dial would (offering to continue an
   * unfinished journey); a first message that is not a greeting is also read on the home screen
   * ("tomatoes" searches at once).
   */
  async function whatsapp(turn: WhatsAppTurn, face: ChannelFace, deliver: (reply: Reply, session: Session) => Promise<void>): Promise<Reply> {
    const { limits } = face;
    const phone = normalizePhone(turn.phoneNumber);
    const id = whatsappKey(phone);
    return store.turn(id, async (existing) => {
      let result: { session: Session; reply: Reply };
      // A greeting answering a question ("your street?") is the answer, not a fresh start.
      const restart = isGreeting(turn.text) && !(existing?.lastReply && asksForText(existing.lastReply));
      if (!existing || existing.ended || restart) {
        const memory = await phoneBook.recall(phone);
        const session = newSession({ id, channel: 'whatsapp', phone, language: memory?.language });
        session.resumable = await unfinishedJourneyOf(memory);
        result = await step(session, null, deps, limits);
        if (turn.text.trim() && !isGreeting(turn.text) && result.session.current?.name === 'home') result = await step(result.session, turn.text, deps, limits);
      } else {
        const input = turn.chosen ? turn.text : typedKey(face, existing, turn.text);
        result = await step(existing, input, deps, limits);
      }
      // Still held while the reply goes out, so two quick messages are answered in their order.
      await store.save(result.session, { keepHeld: true });
      await phoneBook.remember(phone, { language: result.session.language, lastSessionId: id, lastSeenAt: now() });
      await deliver(result.reply, result.session);
      return result.reply;
    });
  }

  return { ussd, chat, whatsapp, store };
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
