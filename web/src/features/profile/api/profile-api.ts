// The profile calls of API.md. GET user/account answers with the user's fields at the top level.
import { api } from '../../../lib/api-client';
import type { UpdateProfileInput } from '@server/modules/users/users.schema';

export interface Account {
  _id: string;
  fullName: string;
  email?: string;
  phoneNumber?: string;
  /** false while the number waits for its SMS code. */
  phoneVerified?: boolean;
}

export async function fetchAccount(): Promise<Account> {
  const body = await api.get('user/account').json<Account & { user?: Account }>();
  // Top level per API.md; a nested `user` is read too so an older server still works.
  const account = body.fullName ? body : body.user;
  if (!account) throw new Error('Failed to fetch user data');
  return { _id: account._id, fullName: account.fullName, email: account.email, phoneNumber: account.phoneNumber, phoneVerified: account.phoneVerified };
}

export async function updateProfile(input: UpdateProfileInput): Promise<Account | undefined> {
  const body = await api.put('user/updateProfile', { json: input }).json<{ user?: Account }>();
  return body.user;
}
