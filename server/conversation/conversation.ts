// The conversation as every channel shares it: the session store, the phone book (a phone's
// language and where it stopped), the engine's step with the shop's services, and the rules no
// channel owns (what typed text the session keeps, which journey is worth resuming). Each channel's
// own session rules (when a session opens, what a message means, what is remembered) are its turn
// handling, in server/channels/<name>/.
import type { ShopDeps } from '../lib/deps';
import { isUnfinished, step } from './engine';
import { createSessionStore, databasePhoneBook, writingOnChange, type PhoneBook, type PhoneMemory, type SessionStore } from './sessions';
import type { ChannelFace, Reply, Session } from './types';

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
  /**
   * One step of the engine (input null opens the conversation) with the shop's services. Typed
   * words are read through the channel's face (a button's words name its key); a tapped choice
   * (`chosen`) is its key already.
   */
  step(session: Session, input: string | null, face: ChannelFace, how?: { chosen?: boolean }): Promise<{ session: Session; reply: Reply }>;
  /** The journey this phone left unfinished, from what the phone book recalls of it (read once by the caller). */
  unfinishedJourneyOf(memory: PhoneMemory | undefined): Promise<Session['resumable']>;
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

  return {
    store,
    phoneBook,
    now,
    unfinishedJourneyOf,
    step: (session, input, face, how = {}) => step(session, input, deps, face.limits, how.chosen ? undefined : face.keyFor),
  };
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
