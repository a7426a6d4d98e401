// The conversation as every channel shares it: the session store, the phone book (a phone's
// language and where it stopped), the engine's step with the shop's services, and the rules no
// channel owns (what typed text the session keeps, which journey is worth resuming). Each channel's
// own session rules (when a session opens, what a message means, what is remembered) are its turn
// handling, in server/channels/<name>/.
import type { ShopDeps } from '../lib/deps';
import { withoutLoneSurrogates } from '../lib/text';
import { isUnfinished, step } from './engine';
import { createSessionStore, databasePhoneBook, writingOnChange, type PhoneBook, type PhoneMemory, type SessionStore } from './sessions';
import type { ChannelFace, ChannelLimits, Reply, Session } from './types';

/** Dialling again within this time after stopping mid-journey offers to continue. */
export const RESUME_WINDOW_MS = 10 * 60_000;

export interface ConversationOptions {
  store?: SessionStore;
  phoneBook?: PhoneBook;
  now?: () => number;
}

/** What a channel's turn handling works with. */
export interface Conversation {
  store: SessionStore;
  phoneBook: PhoneBook;
  now: () => number;
  /** One step of the engine (input null opens the conversation) with the shop's services. */
  step(session: Session, input: string | null, limits: ChannelLimits): Promise<{ session: Session; reply: Reply }>;
  /** The journey this phone left unfinished, from what the phone book recalls of it (read once by the caller). */
  unfinishedJourneyOf(memory: PhoneMemory | undefined): Promise<Session['resumable']>;
}

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
export function typedKey(face: ChannelFace, session: Session, text: string): string {
  return session.lastReply && face.keyFor ? face.keyFor(session.lastReply, text, session.language ?? 'en') : text;
}

export function createConversation(deps: ShopDeps, options: ConversationOptions = {}): Conversation {
  const store = options.store ?? createSessionStore(deps);
  const phoneBook = writingOnChange(options.phoneBook ?? databasePhoneBook(deps));
  const now = options.now ?? Date.now;

  async function unfinishedJourneyOf(memory: PhoneMemory | undefined): Promise<Session['resumable']> {
    if (!memory?.lastSessionId || !memory.lastSeenAt || now() - memory.lastSeenAt > RESUME_WINDOW_MS) return undefined;
    const previous = await store.load(memory.lastSessionId);
    if (!previous || !isUnfinished(previous)) return undefined;
    return { current: previous.current!, stack: previous.stack };
  }

  return { store, phoneBook, now, unfinishedJourneyOf, step: (session, input, limits) => step(session, input, deps, limits) };
}

const conversations = new WeakMap<ShopDeps, Conversation>();

/** The app's one conversation (so every channel shares a store), made on first use. */
export function conversationFor(deps: ShopDeps): Conversation {
  let conversation = conversations.get(deps);
  if (!conversation) {
    conversation = createConversation(deps);
    conversations.set(deps, conversation);
  }
  return conversation;
}
