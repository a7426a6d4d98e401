// A USSD request as a turn of the conversation: the gateway's session is the conversation's, a new
// one opens on the language or sign-up screen of a new phone (offering to continue a journey left
// within the last minutes), only the inputs the gateway's text adds are played, a gateway retry of
// the same text gets the stored answer, and the phone's language and last session are remembered.
import type { Conversation } from '../../conversation/conversation';
import { isUnfinished, newSession } from '../../conversation/engine';
import type { ChannelLimits, Reply, Session } from '../../conversation/types';
import { normalizePhone } from '../../lib/phone';

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

const ussdKey = (gatewaySessionId: string) => `ussd:${gatewaySessionId}`;

async function openUssdSession(conversation: Conversation, id: string, phone: string, limits: ChannelLimits): Promise<{ session: Session; reply: Reply; known: boolean }> {
  const memory = await conversation.phoneBook.recall(phone);
  const session = newSession({ id, channel: 'ussd', phone, language: memory?.language });
  session.resumable = await conversation.unfinishedJourneyOf(memory);
  return { ...(await conversation.step(session, null, { limits })), known: memory !== undefined };
}

/** A phone the book has never seen, still without a language and with no journey to resume: nothing to remember yet. */
const nothingToRemember = (session: Session, known: boolean) => !known && !session.language && !isUnfinished(session);

export async function ussdTurn(conversation: Conversation, turn: UssdTurn, gateway: UssdReader): Promise<Reply> {
  const { store, phoneBook, now } = conversation;
  const face = { limits: gateway.limits };
  const id = ussdKey(turn.sessionId);
  const phone = normalizePhone(turn.phoneNumber);
  // One turn per session at a time, on any instance: a gateway retry waits, then is answered from the stored reply.
  return store.turn(id, async (existing) => {
    const inputs = gateway.newInputs(existing?.consumedText, turn.text);
    // The same request again (a gateway retry): the same answer, nothing done twice.
    if (existing?.lastReply && inputs === null) return existing.lastReply;
    const opened = existing ? { session: existing, reply: existing.lastReply!, known: true } : await openUssdSession(conversation, id, phone, gateway.limits);
    let { session, reply } = opened;
    for (const text of inputs ?? []) {
      if (session.ended) break;
      ({ session, reply } = await conversation.step(session, text, face));
    }
    session.consumedText = turn.text;
    await store.save(session);
    if (!nothingToRemember(session, opened.known)) await phoneBook.remember(phone, { language: session.language, lastSessionId: id, lastSeenAt: now() });
    return reply;
  });
}
