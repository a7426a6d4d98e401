// Reply shapes several modules share. Plain zod only: the web imports this file too.
import { z } from 'zod';

/** The reply of a call that has nothing to give back but what happened. */
export const messageReplySchema = z.object({ success: z.boolean(), message: z.string() });
export type MessageReply = z.infer<typeof messageReplySchema>;

/** Every refusal of /api (docs/api.md): a message, a code, and each field's message when fields were wrong. */
export const errorReplySchema = z.object({
  success: z.literal(false),
  message: z.string(),
  error: z.string(),
  errors: z.array(z.object({ msg: z.string(), param: z.string() })).optional(),
});
