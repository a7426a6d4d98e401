// The profile calls of API.md. GET user/account answers with the user's fields at the top level.
import { api } from '../../../lib/api-client';
import type { PublicUser } from '@server/modules/auth/auth.schema';
import type { AccountReply, UpdateProfileInput, UserReply } from '@server/modules/users/users.schema';

/** The shopper's own record as the profile shows it (`phoneVerified` is false while the SMS code is awaited). */
export type Account = Omit<PublicUser, 'isStaff'>;

export async function fetchAccount(): Promise<Account> {
  const body = await api.get('user/account').json<AccountReply & { user?: Account }>();
  // Top level per API.md; a nested `user` is read too so an older server still works.
  const account = body.fullName ? body : body.user;
  if (!account) throw new Error('Failed to fetch user data');
  return { _id: account._id, fullName: account.fullName, email: account.email, phoneNumber: account.phoneNumber, phoneVerified: account.phoneVerified };
}

export async function updateProfile(input: UpdateProfileInput): Promise<Account | undefined> {
  const body = await api.put('user/updateProfile', { json: input }).json<UserReply>();
  return body.user;
}
