// What one turn of the conversation shows in chat (render-chat's output). Plain zod only: POST /api/chat's
// reply schema (chat.schema.ts) adds the session id to it, and the web's chat widget types its replies
// with that, so the renderer and the documented reply are one shape.
import { z } from 'zod';

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
  left: z.string().optional().describe('"Only 3 trays left", in the conversation\'s language, while the product runs low'),
  words: z
    .object({ choose: z.string(), outOfStock: z.string(), now: z.string(), was: z.string() })
    .describe("the card's own words (its button, stock, offer) in the conversation's language"),
});

const cartCardSchema = z.object({
  type: z.literal('cart'),
  items: z.number(),
  total: z.number(),
  summary: z.string().describe("the count and total in the conversation's language, as the card shows them"),
  title: z.string().describe("the card's name in the conversation's language"),
  lines: z.array(
    z.object({
      name: z.string(),
      quantity: z.string(),
      total: z.number(),
      image: z.string(),
      note: z.string().optional().describe('why the line cannot be sold now ("Out of stock", "Only 2 kg left"): it is left out of the total'),
    }),
  ),
});

export const chatTurnSchema = z.object({
  messages: z.array(
    z.object({
      text: z.string().describe('always there: what a card says in words, for a screen reader, a transcript or a flow'),
      card: z.discriminatedUnion('type', [productCardSchema, cartCardSchema]).optional(),
    }),
  ),
  options: z.array(z.object({ key: z.string(), label: z.string() })).describe('the quick replies: every choice that is not on a card'),
  end: z.boolean(),
  cartChanged: z.boolean().optional().describe('the turn changed the cart: read it again'),
  order: z
    .object({
      id: z.string(),
      number: z.string(),
      words: z.object({ see: z.string(), or: z.string(), track: z.string() }).describe("the link's words in the conversation's language"),
    })
    .optional()
    .describe('the order this turn placed'),
});
export type ChatTurn = z.infer<typeof chatTurnSchema>;
