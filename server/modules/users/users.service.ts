// The shopper's own record: looking it up, changing it. Only this module writes to users.
import type { Selectable, Updateable } from 'kysely';
import type { PublicUser } from '../auth/auth.schema';
import type { UsersTable } from '../../db/schema';
import type { ShopDeps } from '../../lib/deps';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { normalizePhone } from '../../lib/phone';
import type { UpdatePasswordInput, UpdateProfileInput } from './users.schema';

export type UserRow = Selectable<UsersTable>;

export function toPublicUser(user: Pick<UserRow, 'id' | 'full_name' | 'email' | 'phone_number'> & { is_staff?: boolean }): PublicUser {
  return {
    _id: user.id,
    fullName: user.full_name,
    ...(user.email ? { email: user.email } : {}),
    ...(user.phone_number ? { phoneNumber: user.phone_number } : {}),
    // Tells the web whether to offer the staff console; the server checks the role on every staff call.
    isStaff: user.is_staff === true,
  };
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findUserById(deps: ShopDeps, userId: string): Promise<UserRow | undefined> {
  return deps.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

export async function findUserByEmail(deps: ShopDeps, email: string): Promise<UserRow | undefined> {
  return deps.db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
}

export async function findUserByPhone(deps: ShopDeps, phoneNumber: string): Promise<UserRow | undefined> {
  return deps.db
    .selectFrom('users')
    .selectAll()
    .where('phone_number', '=', normalizePhone(phoneNumber))
    .executeTakeFirst();
}

export async function getAccount(deps: ShopDeps, userId: string): Promise<PublicUser> {
  const user = await findUserById(deps, userId);
  if (!user) throw notFound('User not found');
  return toPublicUser(user);
}

/** PostgreSQL (and PGlite) report a broken UNIQUE constraint as SQLSTATE 23505. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/** Refuses an email or phone number that another account already uses. */
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
    const owner = await findUserByPhone(deps, contacts.phoneNumber);
    if (owner && owner.id !== exceptUserId)
      errors.push({ msg: 'An account with this phone number already exists', param: 'phoneNumber' });
  }
  if (errors.length) throw conflict(errors[0].msg, errors);
}

export async function updateProfile(deps: ShopDeps, userId: string, input: UpdateProfileInput): Promise<PublicUser> {
  await assertContactsFree(deps, input, userId);
  const changes: Updateable<UsersTable> = {
    full_name: input.fullName,
    email: input.email ? normalizeEmail(input.email) : null,
    phone_number: input.phoneNumber ? normalizePhone(input.phoneNumber) : null,
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
  return toPublicUser(user);
}

/** A signed-in shopper sets a new password for their own account, and only that one. */
export async function updatePassword(deps: ShopDeps, userId: string, input: UpdatePasswordInput): Promise<void> {
  const user = await findUserById(deps, userId);
  if (!user) throw notFound('User not found');
  const namesAnotherAccount =
    (input.email && normalizeEmail(input.email) !== user.email) ||
    (input.phoneNumber && normalizePhone(input.phoneNumber) !== user.phone_number);
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
