// The shop's team as the console's Staff page (owners only) shows and changes it: each account holding
// a role beyond shopper, with its roles. Plain zod only: the web console imports this file, its form
// too (/api/docs lists the calls).
import { z } from 'zod';
import { grantedRoleSchema } from '../auth/roles.schema';

export const staffMemberSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  /** The roles granted (staff, packer, rider, owner), in that order; shopper goes without saying. */
  roles: z.array(grantedRoleSchema),
  /** When the first of those roles was granted. */
  staffSince: z.string().nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

const NEED_AN_ACCOUNT = 'Enter the e-mail or phone number of an existing account';

/** POST /api/admin/staff: a role (staff unless said) for an existing account, found by e-mail or phone number. */
export const grantRoleSchema = z.object({
  identifier: z.string({ error: NEED_AN_ACCOUNT }).trim().min(1, NEED_AN_ACCOUNT).max(200, NEED_AN_ACCOUNT),
  role: grantedRoleSchema.default('staff'),
});
export type GrantRoleInput = z.infer<typeof grantRoleSchema>;

/** POST /api/admin/staff/:userId/roles: one more role for someone already on the team. */
export const addRoleSchema = z.object({ role: grantedRoleSchema });

export const staffListResponseSchema = z.object({ success: z.literal(true), staff: z.array(staffMemberSchema) });
export const staffMemberResponseSchema = z.object({ success: z.literal(true), message: z.string(), member: staffMemberSchema });
