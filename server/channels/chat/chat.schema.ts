// POST /api/chat's request and reply. Plain zod only: the web's chat widget types its replies with these.
import { z } from 'zod';
import { chatTurnSchema } from './chat-turn.schema';

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

export const chatResponseSchema = z.object({ sessionId: z.string(), ...chatTurnSchema.shape });
export type ChatReply = z.infer<typeof chatResponseSchema>;
