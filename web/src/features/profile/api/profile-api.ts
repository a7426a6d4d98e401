// The profile calls of docs/api.md. GET user/account answers with the user's fields at the top level.
import { api } from '@web/lib/api-client';
import type { PublicUser } from '@server/modules/auth/auth.schema';
import type { AccountReply, UpdateProfileInput, UserReply } from '@server/modules/users/users.schema';

/**
 * The shopper's own record as the profile shows it (`phoneVerified` is false while the SMS code is
 * awaited; `roles` holding staff or owner offers the staff console, whose every call the server checks on its own).
 */
export type Account = PublicUser;

export async function fetchAccount(signal?: AbortSignal): Promise<Account> {
  const body = await api.get('user/account', { signal }).json<AccountReply & { user?: Account }>();
  // Top level per docs/api.md; a nested `user` is read too so an older server still works.
  const account = body.fullName ? body : body.user;
  if (!account) throw new Error('Failed to fetch user data');
  const { _id, fullName, email, phoneNumber, phoneVerified, roles } = account;
  return { _id, fullName, email, phoneNumber, phoneVerified, roles: roles ?? ['shopper'] };
}

export async function updateProfile(input: UpdateProfileInput): Promise<Account | undefined> {
  const body = await api.put('user/updateProfile', { json: input }).json<UserReply>();
  return body.user;
}
