// A chat message as a turn of the conversation: the widget's session id names the session (another
// account's is never continued), a new chat opens on the home screen in the phone's language when
// the shopper has one, a guest who signs in carries on with what they asked for, an empty message
// shows where the shopper is, and a changed language is remembered for the shopper's phone.
import { randomUUID } from 'node:crypto';
import type { Conversation } from '../../conversation/conversation';
import { afterLogin, newSession } from '../../conversation/engine';
import type { Language } from '../../conversation/i18n';
import type { ChannelFace, Reply, Session } from '../../conversation/types';
import { normalizePhone } from '../../lib/phone';

export interface ChatTurn {
  sessionId?: string;
  text: string;
  user?: { id: string; phoneNumber: string | null };
}

/** A chat turn's answer: the reply, and the language the conversation is in (for the words around its cards). */
export interface ChatAnswer {
  sessionId: string;
  reply: Reply;
  language: Language;
}

const chatKey = (sessionId: string) => `chat:${sessionId}`;

async function openChatSession(conversation: Conversation, id: string, turn: ChatTurn, face: ChannelFace): Promise<{ session: Session; reply: Reply }> {
  const phone = turn.user?.phoneNumber ? normalizePhone(turn.user.phoneNumber) : undefined;
  const memory = phone ? await conversation.phoneBook.recall(phone) : undefined;
  // A chat has no first-call language screen: the phone's choice if known, else English (changeable from the menu).
  const session = newSession({ id, channel: 'chat', phone, userId: turn.user?.id, language: memory?.language ?? 'en' });
  return conversation.step(session, null, face);
}

/** One chat turn; undefined (nothing done) when the session given belongs to another account. */
async function turnOn(conversation: Conversation, turn: ChatTurn, face: ChannelFace): Promise<ChatAnswer | undefined> {
  const { store, phoneBook, now } = conversation;
  const sessionId = turn.sessionId ?? randomUUID();
  const id = chatKey(sessionId);
  return store.turn(id, async (stored) => {
    const existing = turn.sessionId ? stored : undefined;
    if (existing?.userId && existing.userId !== turn.user?.id) return undefined;
    // The engine reads what was typed; an empty message (the widget reopened) is only told apart here.
    const text = turn.text.trim() ? turn.text : '';
    let result: { session: Session; reply: Reply };
    if (!existing || existing.ended) {
      result = await openChatSession(conversation, id, turn, face);
      if (text) result = await conversation.step(result.session, text, face);
    } else {
      // A guest who has logged in since keeps their place, now as themselves.
      const phone = turn.user?.phoneNumber ? normalizePhone(turn.user.phoneNumber) : existing.phone;
      const session = { ...existing, userId: turn.user?.id ?? existing.userId, phone };
      const resumed = text ? undefined : afterLogin(session);
      if (resumed) {
        // Back from the chat's log-in link: do what they asked for (add to cart, checkout) as themselves.
        result = await conversation.step(resumed.session, resumed.input, face, { chosen: true });
      } else if (!text && existing.lastReply) {
        // An empty message (the widget reopened) shows where the shopper is.
        result = { session: existing, reply: existing.lastReply };
      } else {
        result = await conversation.step(session, text, face);
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

export async function chatTurn(conversation: Conversation, turn: ChatTurn, face: ChannelFace): Promise<ChatAnswer> {
  const answered = await turnOn(conversation, turn, face);
  // Someone else's session (another account signed in on this browser) is neither continued nor
  // replaced: this shopper starts one of their own under a new id, and the other's stays as it was.
  return answered ?? (await turnOn(conversation, { ...turn, sessionId: undefined }, face))!;
}
