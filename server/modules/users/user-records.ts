// Finding, making and showing an account: shared by the users module's services (apart from
// users.service, so the phone service can use it without an import cycle). Only the users module
// writes the users table: sign-up, a phone's first call and a password reset come through here.
import type { Selectable } from 'kysely';
import type { PublicUser } from '../auth/auth.schema';
import type { Role } from '../auth/roles.schema';
import type { UsersTable } from '../../db/schema';
import type { ShopDeps } from '../../lib/deps';
import { newId } from '../../lib/ids';
import { normalizePhone } from '../../lib/phone';

export type UserRow = Selectable<UsersTable>;

/**
 * The record as its owner sees it, with the roles it holds (auth's roles.service: rolesOf). The phone
 * shown is the one they typed last: a number waiting for its code (phoneVerified false) before the
 * verified one it will replace.
 */
export function toPublicUser(user: Pick<UserRow, 'id' | 'full_name' | 'email' | 'phone_number'> & { unverified_phone_number?: string | null }, roles: readonly Role[]): PublicUser {
  const phone = user.unverified_phone_number ?? user.phone_number;
  return {
    _id: user.id,
    fullName: user.full_name,
    ...(user.email ? { email: user.email } : {}),
    ...(phone ? { phoneNumber: phone, phoneVerified: !user.unverified_phone_number } : {}),
    // Tells the web what to offer (the staff console); the server checks the roles on every call.
    roles: [...roles],
  };
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findUserById(deps: Pick<ShopDeps, 'db'>, userId: string): Promise<UserRow | undefined> {
  return deps.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

export async function findUserByEmail(deps: ShopDeps, email: string): Promise<UserRow | undefined> {
  return deps.db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
}

/** Accounts whose owner typed this number on the web but has not entered its code yet (newest first). */
export async function findUsersWithUnverifiedPhone(deps: ShopDeps, phoneNumber: string, limit: number): Promise<UserRow[]> {
  return deps.db
    .selectFrom('users')
    .selectAll()
    .where('unverified_phone_number', '=', normalizePhone(phoneNumber))
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** The account that has proven this number (by USSD, or by its SMS code): the only one USSD reaches. */
export async function findUserByPhone(deps: ShopDeps, phoneNumber: string): Promise<UserRow | undefined> {
  return deps.db
    .selectFrom('users')
    .selectAll()
    .where('phone_number', '=', normalizePhone(phoneNumber))
    .executeTakeFirst();
}

/** A web sign-up: its number (if any) waits for its SMS code; a taken email or number fails on the unique index. */
export async function insertWebAccount(
  deps: Pick<ShopDeps, 'db'>,
  account: { fullName: string; email?: string; unverifiedPhone: string | null; passwordHash: string },
): Promise<UserRow> {
  return deps.db
    .insertInto('users')
    .values({
      id: newId(),
      full_name: account.fullName,
      email: account.email ? normalizeEmail(account.email) : null,
      unverified_phone_number: account.unverifiedPhone,
      password_hash: account.passwordHash,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** An account a phone made on its first call, the number proven by the gateway; undefined when another call made it first. */
export async function insertPhoneAccount(deps: Pick<ShopDeps, 'db'>, phoneNumber: string, fullName: string): Promise<UserRow | undefined> {
  return deps.db
    .insertInto('users')
    .values({ id: newId(), full_name: fullName.trim().slice(0, 100), phone_number: normalizePhone(phoneNumber) })
    .onConflict((oc) => oc.column('phone_number').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function setPasswordHash(deps: Pick<ShopDeps, 'db'>, userId: string, passwordHash: string): Promise<void> {
  await deps.db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}
