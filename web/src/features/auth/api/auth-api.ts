// The auth calls of docs/api.md. One small function per call; the store and the dialogs call these.
import { api } from '@web/lib/api-client';
import type { MessageReply } from '@server/lib/replies';
import type { authResponseSchema, RegisterInput } from '@server/modules/auth/auth.schema';
import type { AccountReply, IsAuthReply, UserReply } from '@server/modules/users/users.schema';
import type { z } from 'zod';

export type AuthResponse = z.infer<typeof authResponseSchema>;

export function postLogin(body: { identifier: string; password: string }) {
  return api.post('auth/login', { json: body }).json<AuthResponse>();
}

export function postRegister(body: RegisterInput) {
  return api.post('auth/register', { json: body }).json<AuthResponse>();
}

export function getLogout() {
  return api.get('user/logout').json<MessageReply>();
}

/** GET user/is-auth: succeeds only while the stored token is still accepted. */
export function getIsAuth() {
  return api.get('user/is-auth').json<IsAuthReply>();
}

/** GET user/account: the signed-in shopper's name and contacts, for a session whose user was not kept. */
export function getAccount() {
  return api.get('user/account').json<AccountReply>();
}

export type ResetIdentity = { email: string } | { phoneNumber: string };

export function postForgotPassword(identity: ResetIdentity) {
  return api.post('auth/forgot-password', { json: identity }).json<MessageReply>();
}

export function postResetPassword(body: ResetIdentity & { code: string; password: string }) {
  return api.post('auth/reset-password', { json: body }).json<MessageReply>();
}

/** POST user/verifyPhone: the 6-digit SMS code that proves the shopper owns their phone number. */
export function postVerifyPhone(code: string) {
  return api.post('user/verifyPhone', { json: { code } }).json<UserReply>();
}

export function postResendPhoneCode() {
  return api.post('user/resendPhoneCode').json<MessageReply>();
}
