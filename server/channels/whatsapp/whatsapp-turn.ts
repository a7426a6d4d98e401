// A WhatsApp message as a turn of the conversation. WhatsApp has no dial: the number's session goes
// on from message to message. A greeting (where no free text is asked for), or a message after the
// journey ended, opens the menu as a dial would (offering to continue an unfinished journey); a first
// message that is not a greeting is also read on the home screen ("tomatoes" searches at once).
import type { Conversation } from '../../conversation/conversation';
import { newSession } from '../../conversation/engine';
import type { ChannelFace, Reply, Session } from '../../conversation/types';
import { normalizePhone } from '../../lib/phone';

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

export const isGreeting = (text: string) => GREETINGS.has(text.trim().toLowerCase().replace(/[!.?]+$/, ''));

/** A screen that waits for typed words (a prompt, or nothing to choose but Back and Home). */
const asksForText = (reply: Reply) =>
  Boolean(reply.prompt) || (!reply.list.some((row) => row.key) && !reply.options.some((option) => option.kind === 'action'));

const whatsappKey = (phone: string) => `whatsapp:${phone}`;

/** One WhatsApp turn; `deliver` sends the reply while the phone's session is still held, so replies keep their order. */
export async function whatsappTurn(
  conversation: Conversation,
  turn: WhatsAppTurn,
  face: ChannelFace,
  deliver: (reply: Reply, session: Session) => Promise<void>,
): Promise<Reply> {
  const { store, phoneBook, now } = conversation;
  const phone = normalizePhone(turn.phoneNumber);
  const id = whatsappKey(phone);
  return store.turn(id, async (existing) => {
    let result: { session: Session; reply: Reply };
    // A greeting answering a question ("your street?") is the answer, not a fresh start.
    const restart = isGreeting(turn.text) && !(existing?.lastReply && asksForText(existing.lastReply));
    if (!existing || existing.ended || restart) {
      const memory = await phoneBook.recall(phone);
      const session = newSession({ id, channel: 'whatsapp', phone, language: memory?.language });
      session.resumable = await conversation.unfinishedJourneyOf(memory);
      result = await conversation.step(session, null, face);
      if (turn.text.trim() && !isGreeting(turn.text) && result.session.current?.name === 'home') result = await conversation.step(result.session, turn.text, face);
    } else {
      result = await conversation.step(existing, turn.text, face, { chosen: turn.chosen });
    }
    // Still held while the reply goes out, so two quick messages are answered in their order.
    await store.save(result.session, { keepHeld: true });
    await phoneBook.remember(phone, { language: result.session.language, lastSessionId: id, lastSeenAt: now() });
    await deliver(result.reply, result.session);
    return result.reply;
  });
}
