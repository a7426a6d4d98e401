// What a webhook delivery says, as the engine needs it: each incoming message's id, sender and
// input. Text is what was typed; a list row or reply button tapped gives its id (our option key).
// Status updates (sent, delivered, read) and message kinds we cannot read (pictures, voice) are
// left out here and answered by the route.
import { z } from 'zod';

const incomingMessage = z.object({
  id: z.string().min(1).max(500),
  from: z.string().regex(/^\d{6,20}$/),
  type: z.string(),
  text: z.object({ body: z.string() }).optional(),
  interactive: z
    .object({
      type: z.string(),
      list_reply: z.object({ id: z.string(), title: z.string().optional() }).optional(),
      button_reply: z.object({ id: z.string(), title: z.string().optional() }).optional(),
    })
    .optional(),
});

export const deliverySchema = z.object({
  object: z.string(),
  entry: z.array(
    z.object({
      changes: z.array(
        z.object({
          field: z.string().optional(),
          value: z.object({ messages: z.array(z.unknown()).optional() }).passthrough(),
        }),
      ),
    }),
  ),
});

export interface IncomingMessage {
  id: string;
  from: string;
  /** The typed text, the chosen option's id, or undefined for a kind we cannot read. */
  text?: string;
  chosen: boolean;
}

const MAX_TEXT = 500;

function readMessage(raw: unknown): IncomingMessage | undefined {
  const parsed = incomingMessage.safeParse(raw);
  if (!parsed.success) return undefined;
  const message = parsed.data;
  const base = { id: message.id, from: message.from };
  if (message.type === 'text' && message.text) return { ...base, text: message.text.body.slice(0, MAX_TEXT), chosen: false };
  const choice = message.interactive?.list_reply ?? message.interactive?.button_reply;
  if (message.type === 'interactive' && choice) return { ...base, text: choice.id.slice(0, MAX_TEXT), chosen: true };
  return { ...base, chosen: false };
}

/** The messages of a delivery, in order; undefined when the body is not a WhatsApp delivery at all. */
export function incomingMessages(body: unknown): IncomingMessage[] | undefined {
  const parsed = deliverySchema.safeParse(body);
  if (!parsed.success || parsed.data.object !== 'whatsapp_business_account') return undefined;
  return parsed.data.entry.flatMap((entry) =>
    entry.changes.flatMap((change) => (change.value.messages ?? []).flatMap((raw) => readMessage(raw) ?? [])),
  );
}
