// POST /api/chat's request and reply. Plain zod only: the web's chat widget types its replies with these.
import { z } from 'zod';

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
export type ChatReply = z.infer<typeof chatResponseSchema>;
