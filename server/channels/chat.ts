// POST /api/chat: the chat widget's endpoint. The same conversation as USSD, rendered as message
// bubbles and buttons. With a Bearer token the chat is that shopper; without one, a guest who can
// search and browse and is asked to log in for the rest.
import { Hono } from 'hono';
import { z } from 'zod';
import { conversationFor } from '../conversation/conversation';
import { chatFace, renderChat } from '../conversation/render-chat';
import type { AppEnv, ShopDeps } from '../lib/deps';
import { unauthorized } from '../lib/errors';
import type { RouteDoc } from '../lib/openapi-legacy';
import { jsonBody } from '../lib/validate';
import { authenticate, bearerToken } from '../modules/auth/auth.service';

export const CHAT_TEXT_MAX = 500;

export const chatRequestSchema = z.object({
  sessionId: z
    .string()
    .trim()
    .max(100, 'sessionId is too long')
    .regex(/^[\w-]*$/, 'sessionId may hold only letters, digits, - and _')
    .optional()
    .transform((value) => value || undefined),
  text: z.string({ error: 'Text is required' }).max(CHAT_TEXT_MAX, `Text must be at most ${CHAT_TEXT_MAX} characters`),
});

const productCardSchema = z.object({
  type: z.literal('product'),
  key: z.string().optional().describe('the choice that opens this product, when it is one of a list'),
  id: z.string(),
  name: z.string(),
  price: z.number(),
  offerPrice: z.number().optional(),
  unit: z.string(),
  image: z.string(),
  description: z.string(),
  inStock: z.boolean(),
});

const cartCardSchema = z.object({
  type: z.literal('cart'),
  items: z.number(),
  total: z.number(),
  lines: z.array(z.object({ name: z.string(), quantity: z.string(), total: z.number(), image: z.string() })),
});

export const chatResponseSchema = z.object({
  sessionId: z.string(),
  messages: z.array(z.object({ text: z.string(), card: z.discriminatedUnion('type', [productCardSchema, cartCardSchema]).optional() })),
  options: z.array(z.object({ key: z.string(), label: z.string() })),
  end: z.boolean(),
  cartChanged: z.boolean().optional().describe('the turn changed the cart: read it again'),
  order: z.object({ id: z.string(), number: z.string() }).optional().describe('the order this turn placed'),
});

export function chatRoutes(deps: ShopDeps) {
  const conversation = conversationFor(deps);
  return new Hono<AppEnv>().post('/', jsonBody(chatRequestSchema), async (c) => {
    const { sessionId, text } = c.req.valid('json');
    const token = bearerToken(c.req.header('Authorization'));
    const user = token ? await authenticate(deps, token) : undefined;
    // A stale token is refused as everywhere in /api, so the web signs the shopper out cleanly.
    if (token && !user) throw unauthorized('Invalid or expired token');
    const result = await conversation.chat({ sessionId, text, user: user && { id: user.id, phoneNumber: user.phoneNumber } }, chatFace);
    return c.json({ sessionId: result.sessionId, ...renderChat(result.reply) });
  });
}

export const chatDocs: RouteDoc[] = [
  {
    method: 'post',
    path: '/chat',
    tag: 'chat',
    summary: 'One turn of the shopping conversation (Bearer token optional: without it, a guest)',
    body: chatRequestSchema,
    response: chatResponseSchema,
  },
];
