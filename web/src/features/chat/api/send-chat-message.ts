// POST /api/chat: one turn of the conversation. The shared ky client adds the shopper's token when signed in,
// so the same call serves a guest (browse, search) and a shopper (cart, checkout).
import type { ChatReply as ServerChatReply } from '@server/channels/chat/chat.schema';
import { api } from '@web/lib/api-client';

/** A quick-reply button and a product or cart card, as the reply's schema describes them. */
export type ChatOption = ServerChatReply['options'][number];
export type ChatCard = NonNullable<ServerChatReply['messages'][number]['card']>;
export type ChatOrder = NonNullable<ServerChatReply['order']>;

/** The server's reply with `cartChanged` always set: the header badge, drawer and cart page read it again. */
export type ChatReply = ServerChatReply & { cartChanged: boolean };

export interface ChatTurn {
  /** Absent on the very first turn: the server opens a session and tells us its id. */
  sessionId?: string;
  /** An option's key, or whatever the shopper typed; '' opens (or re-shows) the current screen. */
  text: string;
}

const CHAT_TURN_TIMEOUT_MS = 25_000;

export async function sendChatMessage(turn: ChatTurn): Promise<ChatReply> {
  const json = turn.sessionId ? { sessionId: turn.sessionId, text: turn.text } : { text: turn.text };
  // A turn that pays by MoMo answers once MTN has (at most 10 s): longer than the client's usual wait.
  const reply = await api.post('chat', { json, timeout: CHAT_TURN_TIMEOUT_MS }).json<Partial<ServerChatReply>>();
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
