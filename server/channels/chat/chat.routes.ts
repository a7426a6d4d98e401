// POST /api/chat: the chat widget's endpoint. The same conversation as USSD, rendered as message
// bubbles and buttons. With a Bearer token the chat is that shopper; without one, a guest who can
// search and browse and is asked to log in for the rest.
import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import { conversationFor } from '../../conversation/conversation';
import type { ShopDeps } from '../../lib/deps';
import { unauthorized } from '../../lib/errors';
import { addRoute, jsonReply, jsonRequest, openApiRoutes } from '../../lib/openapi';
import { authenticate, bearerToken } from '../../modules/auth/auth.service';
import { chatTurn } from './chat-turn';
import { chatFace, renderChat } from './render-chat';
import { chatRequestSchema, chatResponseSchema } from './chat.schema';

export { CHAT_TEXT_MAX } from './chat.schema';

const turn = createRoute({
  method: 'post',
  path: '/',
  tags: ['chat'],
  // The token is optional: none is a guest; one that is invalid or expired is a 401.
  security: [{}, { bearer: [] }] as RouteConfig['security'],
  summary: 'One turn of the shopping conversation (Bearer token optional: without it, a guest)',
  request: { body: jsonRequest(chatRequestSchema) },
  responses: { 200: jsonReply(chatResponseSchema) },
});

export function chatRoutes(deps: ShopDeps) {
  const conversation = conversationFor(deps);
  const app = openApiRoutes();
  addRoute(app, turn, async (c) => {
    const { sessionId, text } = c.req.valid('json');
    const token = bearerToken(c.req.header('Authorization'));
    const user = token ? await authenticate(deps, token) : undefined;
    // A stale token is refused as everywhere in /api, so the web signs the shopper out cleanly.
    if (token && !user) throw unauthorized('Invalid or expired token');
    const result = await chatTurn(conversation, { sessionId, text, user: user && { id: user.id, phoneNumber: user.phoneNumber } }, chatFace);
    return c.json({ sessionId: result.sessionId, ...renderChat(result.reply, result.language) });
  });
  return app;
}
