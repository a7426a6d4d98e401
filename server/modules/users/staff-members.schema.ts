// Who holds the staff role, as the console's /api/admin/staff calls show it. Plain zod only: the web
// console imports this file (/api/docs lists the calls).
import { z } from 'zod';

export const staffMemberSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  staffSince: z.string().nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** POST /api/admin/staff: grant the role to an existing account, found by e-mail or phone number. */
export const grantStaffSchema = z.object({
  identifier: z
    .string({ error: 'Enter the e-mail or phone number of an existing account' })
    .trim()
    .min(1, 'Enter the e-mail or phone number of an existing account')
    .max(200),
});

export const staffListResponseSchema = z.object({ success: z.literal(true), staff: z.array(staffMemberSchema) });
export const staffMemberResponseSchema = z.object({ success: z.literal(true), message: z.string(), member: staffMemberSchema });
