// POST /api/chat: one turn of the conversation. The shared ky client adds the shopper's token when signed in,
// so the same call serves a guest (browse, search) and a shopper (cart, checkout).
import type { ChatCard, ChatOption } from '@server/conversation/render-chat';
import { api } from '../../../lib/api-client';

export type { ChatCard, ChatOption } from '@server/conversation/render-chat';

export interface ChatMessage {
  text: string;
  card?: ChatCard;
}

export interface ChatReply {
  sessionId: string;
  messages: ChatMessage[];
  options: ChatOption[];
  end: boolean;
  /** The turn changed the cart: the header badge, drawer and cart page read it again. */
  cartChanged: boolean;
  /** The order the turn placed. */
  order?: { id: string; number: string };
}

export interface ChatTurn {
  /** Absent on the very first turn: the server opens a session and tells us its id. */
  sessionId?: string;
  /** An option's key, or whatever the shopper typed; '' opens (or re-shows) the current screen. */
  text: string;
}

export async function sendChatMessage(turn: ChatTurn): Promise<ChatReply> {
  const json = turn.sessionId ? { sessionId: turn.sessionId, text: turn.text } : { text: turn.text };
  const reply = await api.post('chat', { json }).json<Partial<ChatReply>>();
  // Be lenient with missing lists so a thin reply never crashes the widget.
  return {
    sessionId: String(reply.sessionId ?? turn.sessionId ?? ''),
    messages: Array.isArray(reply.messages) ? reply.messages : [],
    options: Array.isArray(reply.options) ? reply.options : [],
    end: reply.end === true,
    cartChanged: reply.cartChanged === true,
    ...(reply.order?.id ? { order: reply.order } : {}),
  };
}
