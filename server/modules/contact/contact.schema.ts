// The contact form. Plain zod only: the web's contact form uses this schema too.
import { z } from 'zod';
import { EMAIL_PATTERN } from '../../lib/fields';

export const contactMessageSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .regex(EMAIL_PATTERN, 'Invalid email format')
    .max(200, 'Email must be at most 200 characters'),
  subject: z.string({ error: 'Subject is required' }).trim().min(1, 'Subject is required').max(200, 'Subject must be at most 200 characters'),
  message: z.string({ error: 'Message is required' }).trim().min(1, 'Message is required').max(5000, 'Message must be at most 5000 characters'),
});
export type ContactMessageInput = z.infer<typeof contactMessageSchema>;
