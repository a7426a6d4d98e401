// The shopper's own record: looking it up, changing it. Only this module writes to users.
import type { Updateable } from 'kysely';
import type { PublicUser } from '../auth/auth.schema';
import { isUniqueViolation } from '../../db/errors';
import type { UsersTable } from '../../db/schema';
import type { ShopDeps } from '../../lib/deps';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { normalizePhone } from '../../lib/phone';
import { rolesOf } from '../auth/roles.service';
import { startPhoneVerification } from './phone.service';
import { findUserByEmail, findUserById, findUserByPhone, normalizeEmail, toPublicUser, type UserRow } from './user-records';
import type { UpdatePasswordInput, UpdateProfileInput } from './users.schema';

export async function getAccount(deps: ShopDeps, userId: string): Promise<PublicUser> {
  const user = await findUserById(deps, userId);
  if (!user) throw notFound('User not found');
  return toPublicUser(user, await rolesOf(deps, userId));
}

/** Refuses an email, or a verified phone number, that another web account already uses. */
export async function assertContactsFree(
  deps: ShopDeps,
  contacts: { email?: string; phoneNumber?: string },
  exceptUserId?: string,
): Promise<void> {
  const errors = [];
  if (contacts.email) {
    const owner = await findUserByEmail(deps, contacts.email);
    if (owner && owner.id !== exceptUserId) errors.push({ msg: 'An account with this email already exists', param: 'email' });
  }
  if (contacts.phoneNumber) {
    // A number held by a USSD-only account (no email) may be typed: proving it joins the two (phone.service).
    const owner = await findUserByPhone(deps, contacts.phoneNumber);
    if (owner && owner.id !== exceptUserId && owner.email)
      errors.push({ msg: 'An account with this phone number already exists', param: 'phoneNumber' });
  }
  if (errors.length) throw conflict(errors[0].msg, errors);
}

/**
 * What a phone number typed on the profile changes: the verified number stays until a new one is
 * proven by its code (then `startPhoneVerification` sends one); an empty field gives the number up.
 */
function phoneChanges(current: UserRow, typed: string | undefined): { changes: Updateable<UsersTable>; newNumber?: string } {
  if (!typed) return { changes: { phone_number: null, unverified_phone_number: null } };
  const phone = normalizePhone(typed);
  if (phone === current.phone_number) return { changes: { unverified_phone_number: null } };
  if (phone === current.unverified_phone_number) return { changes: {} };
  return { changes: { unverified_phone_number: phone }, newNumber: phone };
}

export async function updateProfile(deps: ShopDeps, userId: string, input: UpdateProfileInput): Promise<PublicUser> {
  await assertContactsFree(deps, input, userId);
  const current = await findUserById(deps, userId);
  if (!current) throw notFound('User not found');
  const phone = phoneChanges(current, input.phoneNumber);
  const changes: Updateable<UsersTable> = {
    full_name: input.fullName,
    email: input.email ? normalizeEmail(input.email) : null,
    ...phone.changes,
  };
  if (input.password) changes.password_hash = await hashPassword(input.password);
  const user = await deps.db
    .updateTable('users')
    .set(changes)
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirst()
    .catch(async (error: unknown) => {
      // Another account took the email or phone between the check and this write.
      if (isUniqueViolation(error)) await assertContactsFree(deps, input, userId);
      throw error;
    });
  if (!user) throw notFound('User not found');
  if (phone.newNumber) await startPhoneVerification(deps, userId, phone.newNumber);
  return toPublicUser(user, await rolesOf(deps, userId));
}

/** A signed-in shopper sets a new password for their own account, and only that one. */
export async function updatePassword(deps: ShopDeps, userId: string, input: UpdatePasswordInput): Promise<void> {
  const user = await findUserById(deps, userId);
  if (!user) throw notFound('User not found');
  const namesAnotherAccount =
    (input.email && normalizeEmail(input.email) !== user.email) ||
    (input.phoneNumber && ![user.phone_number, user.unverified_phone_number].includes(normalizePhone(input.phoneNumber)));
  if (namesAnotherAccount) {
    throw badRequest('You can only change your own password', [
      { msg: 'You can only change your own password', param: input.email ? 'email' : 'phoneNumber' },
    ]);
  }
  await deps.db
    .updateTable('users')
    .set({ password_hash: await hashPassword(input.password) })
    .where('id', '=', userId)
    .execute();
}
