// Who holds the staff role. The first one is granted from the shell (`npm run staff -- add ...`),
// the others by staff in the console; both go through these functions.
import type { Selectable } from 'kysely';
import type { UsersTable } from '../../db/schema';
import type { ShopDeps } from '../../lib/deps';
import { badRequest, notFound } from '../../lib/errors';
import { EMAIL_PATTERN, isPhoneLike } from '../../lib/fields';
import { normalizePhone } from '../../lib/phone';
import type { StaffMember } from './staff-members.schema';
import { normalizeEmail } from './user-records';

type Db = Pick<ShopDeps, 'db'>;
export const NO_SUCH_ACCOUNT = 'No account with that e-mail or phone number';

function toStaffMember(user: Pick<Selectable<UsersTable>, 'id' | 'full_name' | 'email' | 'phone_number' | 'staff_since'>): StaffMember {
  return {
    _id: user.id,
    fullName: user.full_name,
    email: user.email,
    phoneNumber: user.phone_number,
    staffSince: user.staff_since ? new Date(user.staff_since).toISOString() : null,
  };
}

async function findAccount(deps: Db, identifier: string) {
  const trimmed = identifier.trim();
  const byEmail = EMAIL_PATTERN.test(trimmed);
  if (!byEmail && !isPhoneLike(trimmed)) throw notFound(NO_SUCH_ACCOUNT);
  const user = await deps.db
    .selectFrom('users')
    .selectAll()
    .where(byEmail ? 'email' : 'phone_number', '=', byEmail ? normalizeEmail(trimmed) : normalizePhone(trimmed))
    .executeTakeFirst();
  if (!user) throw notFound(NO_SUCH_ACCOUNT);
  return user;
}

export async function listStaff(deps: Db): Promise<StaffMember[]> {
  const rows = await deps.db.selectFrom('users').selectAll().where('is_staff', '=', true).orderBy('staff_since').orderBy('id').execute();
  return rows.map(toStaffMember);
}

/** Grants the role to an existing account; granting it twice keeps the first date. */
export async function grantStaff(deps: Db, identifier: string): Promise<StaffMember> {
  const user = await findAccount(deps, identifier);
  if (user.is_staff) return toStaffMember(user);
  const updated = await deps.db
    .updateTable('users')
    .set({ is_staff: true, staff_since: new Date() })
    .where('id', '=', user.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toStaffMember(updated);
}

async function revoke(deps: Db, userId: string): Promise<StaffMember> {
  const updated = await deps.db
    .updateTable('users')
    .set({ is_staff: false, staff_since: null })
    .where('id', '=', userId)
    .where('is_staff', '=', true)
    .returningAll()
    .executeTakeFirst();
  if (!updated) throw notFound('That account is not staff');
  return toStaffMember(updated);
}

/** From the console: staff may remove others, never themselves (so the shop keeps at least the caller). */
export async function revokeStaff(deps: Db, callerId: string, userId: string): Promise<StaffMember> {
  if (callerId === userId) throw badRequest('You cannot remove your own staff access', [], 'forbidden_self');
  return revoke(deps, userId);
}

/** From the shell, by e-mail or phone: the operator of the machine may remove anyone. */
export async function revokeStaffByIdentifier(deps: Db, identifier: string): Promise<StaffMember> {
  const user = await findAccount(deps, identifier);
  return revoke(deps, user.id);
}
