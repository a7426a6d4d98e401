// Contact-form messages as staff read them in the console (/api/admin/messages). Plain zod only: the
// web console imports this file (/api/docs lists the calls).
import { z } from 'zod';
import { pageNumber, paginationSchema } from '../../lib/fields';

export const staffMessagesQuerySchema = z.object({
  page: pageNumber(1, 10_000),
  limit: pageNumber(20, 100),
  /** 'false' for the ones still to handle, 'true' for handled ones; left out: all. */
  handled: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true')),
});
export type StaffMessagesQuery = z.infer<typeof staffMessagesQuerySchema>;

export const staffMessageSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
  handledBy: z.object({ _id: z.string(), fullName: z.string() }).nullable(),
});
export type StaffMessage = z.infer<typeof staffMessageSchema>;

export const staffMessagesResponseSchema = z.object({
  success: z.literal(true),
  messages: z.array(staffMessageSchema),
  pagination: paginationSchema,
  unhandled: z.number().int(),
});

/** POST /api/admin/messages/:id/handled: mark handled (or back to not handled). */
export const markHandledSchema = z.object({ handled: z.boolean().default(true) });
export const staffMessageResponseSchema = z.object({ success: z.literal(true), message: z.string(), contactMessage: staffMessageSchema });
