// Accounts and sessions: sign-up, sign-in, tokens (random, stored hashed, expiring, revocable),
// one-time reset codes, and the phone-only accounts the USSD channel creates.
import { sql } from 'kysely';
import type { ShopDeps, AuthUser } from '../../lib/deps';
import { limiterPerDatabase } from '../../lib/attempt-limiter';
import { AppError, badRequest, unauthorized } from '../../lib/errors';
import { EMAIL_PATTERN, isPhoneLike } from '../../lib/fields';
import { newId } from '../../lib/ids';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { normalizePhone } from '../../lib/phone';
import { newSixDigitCode, newToken, sha256 } from '../../lib/secrets';
import {
  assertContactsFree,
  findUserByEmail,
  findUserByPhone,
  isUniqueViolation,
  normalizeEmail,
  toPublicUser,
  type UserRow,
} from '../users/users.service';
import type { ForgotPasswordInput, LoginInput, PublicUser, RegisterInput, ResetPasswordInput } from './auth.schema';

export const RESET_CODE_TTL_MINUTES = 10;
export const RESET_CODE_MAX_ATTEMPTS = 5;
const INVALID_CREDENTIALS = 'Invalid credentials';
const BAD_RESET_CODE = 'The code is wrong or has expired. Ask for a new one.';
export const MAX_FAILED_LOGINS = 10;
export const MAX_RESET_CODES_PER_HOUR = 5;
const FIFTEEN_MINUTES = 15 * 60 * 1000;
const failedLogins = limiterPerDatabase(MAX_FAILED_LOGINS, FIFTEEN_MINUTES);
const resetCodesSent = limiterPerDatabase(MAX_RESET_CODES_PER_HOUR, 60 * 60 * 1000);

export interface Session {
  token: string;
  user: PublicUser;
}

async function issueToken(deps: ShopDeps, userId: string): Promise<string> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + deps.config.tokenTtlDays * 24 * 60 * 60 * 1000);
  await deps.db
    .insertInto('auth_tokens')
    .values({ token_hash: sha256(token), user_id: userId, expires_at: expiresAt })
    .execute();
  return token;
}

export async function register(deps: ShopDeps, input: RegisterInput): Promise<Session> {
  await assertContactsFree(deps, input);
  const user = await deps.db
    .insertInto('users')
    .values({
      id: newId(),
      full_name: input.fullName,
      email: input.email ? normalizeEmail(input.email) : null,
      phone_number: input.phoneNumber ? normalizePhone(input.phoneNumber) : null,
      password_hash: await hashPassword(input.password),
    })
    .returningAll()
    .executeTakeFirstOrThrow()
    .catch(async (error: unknown) => {
      // Two sign-ups with one email or phone at once: the loser hears why, as a sequential one would.
      if (isUniqueViolation(error)) await assertContactsFree(deps, input);
      throw error;
    });
  return { token: await issueToken(deps, user.id), user: toPublicUser(user) };
}

/** The identifier is an email (any case) or a phone number in any usual spelling. */
async function findByIdentifier(deps: ShopDeps, identifier: string): Promise<UserRow | undefined> {
  const trimmed = identifier.trim();
  if (EMAIL_PATTERN.test(trimmed)) return findUserByEmail(deps, trimmed);
  if (isPhoneLike(trimmed)) return findUserByPhone(deps, trimmed);
  return undefined;
}

/** Wrong passwords are limited per identifier, so an account cannot be guessed at leisure. */
export async function login(deps: ShopDeps, input: LoginInput): Promise<Session> {
  const limiter = failedLogins(deps.db);
  const key = input.identifier.trim().toLowerCase();
  if (limiter.isBlocked(key)) {
    throw new AppError(429, 'Too many failed attempts. Try again in 15 minutes or reset your password.', 'too_many_attempts');
  }
  const user = await findByIdentifier(deps, input.identifier);
  const passwordOk = await verifyPassword(input.password, user?.password_hash ?? null);
  if (!user || !passwordOk) {
    limiter.record(key);
    throw badRequest(INVALID_CREDENTIALS, [], 'auth_error');
  }
  limiter.reset(key);
  return { token: await issueToken(deps, user.id), user: toPublicUser(user) };
}

/** The user a token belongs to, if the token is known, unexpired and not revoked. */
export async function authenticate(deps: ShopDeps, token: string): Promise<AuthUser | undefined> {
  const row = await deps.db
    .selectFrom('auth_tokens')
    .innerJoin('users', 'users.id', 'auth_tokens.user_id')
    .select(['users.id', 'users.full_name', 'users.email', 'users.phone_number', 'users.is_staff'])
    .where('auth_tokens.token_hash', '=', sha256(token))
    .where('auth_tokens.revoked_at', 'is', null)
    .where('auth_tokens.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!row) return undefined;
  return { id: row.id, fullName: row.full_name, email: row.email, phoneNumber: row.phone_number, isStaff: row.is_staff };
}

export async function logout(deps: ShopDeps, tokenHash: string): Promise<void> {
  await deps.db
    .updateTable('auth_tokens')
    .set({ revoked_at: new Date() })
    .where('token_hash', '=', tokenHash)
    .execute();
}

async function findForReset(deps: ShopDeps, input: { email?: string; phoneNumber?: string }) {
  if (input.email) return findUserByEmail(deps, input.email);
  if (input.phoneNumber) return findUserByPhone(deps, input.phoneNumber);
  return undefined;
}

/**
 * Sends a one-time code to the account's email or phone. Answers the same whether or not the
 * account exists, so the form cannot be used to find out who shops here.
 */
export async function requestPasswordReset(deps: ShopDeps, input: ForgotPasswordInput): Promise<void> {
  const user = await findForReset(deps, input);
  if (!user) return;
  // A cap on codes per account stops the form being used to flood someone's phone with messages.
  const sent = resetCodesSent(deps.db);
  if (sent.isBlocked(user.id)) {
    deps.log.warn('reset_code_limit', { userId: user.id });
    return;
  }
  sent.record(user.id);
  const code = newSixDigitCode();
  await deps.db.transaction().execute(async (trx) => {
    // Only the newest code works: asking again cancels the earlier ones.
    await trx
      .updateTable('password_reset_codes')
      .set({ used_at: new Date() })
      .where('user_id', '=', user.id)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('password_reset_codes')
      .values({
        user_id: user.id,
        code_hash: sha256(`${user.id}:${code}`),
        expires_at: new Date(Date.now() + RESET_CODE_TTL_MINUTES * 60 * 1000),
      })
      .execute();
  });
  const byEmail = Boolean(input.email);
  await deps.notifier.send({
    channel: byEmail ? 'email' : 'sms',
    recipient: byEmail ? user.email! : user.phone_number!,
    subject: `${deps.config.shop.shopName} password reset code`,
    body: `Your ${deps.config.shop.shopName} code is ${code}. It works for ${RESET_CODE_TTL_MINUTES} minutes. If you did not ask for it, ignore this message.`,
  });
}

/** Sets a new password when the code is right, unexpired, unused and tried fewer than 5 times. */
export async function resetPassword(deps: ShopDeps, input: ResetPasswordInput): Promise<void> {
  const user = await findForReset(deps, input);
  if (!user) throw badRequest(BAD_RESET_CODE, [{ msg: BAD_RESET_CODE, param: 'code' }], 'invalid_code');
  const pending = await deps.db
    .selectFrom('password_reset_codes')
    .selectAll()
    .where('user_id', '=', user.id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .where('attempts', '<', RESET_CODE_MAX_ATTEMPTS)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!pending) throw badRequest(BAD_RESET_CODE, [{ msg: BAD_RESET_CODE, param: 'code' }], 'invalid_code');
  if (pending.code_hash !== sha256(`${user.id}:${input.code}`)) {
    await deps.db
      .updateTable('password_reset_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', pending.id)
      .execute();
    throw badRequest(BAD_RESET_CODE, [{ msg: BAD_RESET_CODE, param: 'code' }], 'invalid_code');
  }
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction().execute(async (trx) => {
    await trx.updateTable('password_reset_codes').set({ used_at: new Date() }).where('id', '=', pending.id).execute();
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', user.id).execute();
    // A reset means the old password may be known to someone else: sign out every session.
    await trx
      .updateTable('auth_tokens')
      .set({ revoked_at: new Date() })
      .where('user_id', '=', user.id)
      .where('revoked_at', 'is', null)
      .execute();
  });
}

/**
 * The account of a phone number that dialled the USSD menu, made on first contact with just a
 * name. It has no password until the shopper sets one through the reset flow.
 */
export async function findOrCreatePhoneAccount(
  deps: ShopDeps,
  phoneNumber: string,
  fullName?: string,
): Promise<PublicUser | undefined> {
  const existing = await findUserByPhone(deps, phoneNumber);
  if (existing) return toPublicUser(existing);
  if (!fullName) return undefined;
  const user = await deps.db
    .insertInto('users')
    .values({ id: newId(), full_name: fullName.trim().slice(0, 100), phone_number: normalizePhone(phoneNumber) })
    .onConflict((oc) => oc.column('phone_number').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (user) return toPublicUser(user);
  const raced = await findUserByPhone(deps, phoneNumber);
  return raced ? toPublicUser(raced) : undefined;
}

/** The bearer token from an Authorization header, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header?.trim() ?? '');
  return match?.[1];
}

export function requireToken(header: string | undefined): string {
  const token = bearerToken(header);
  if (!token) throw unauthorized('No token provided');
  return token;
}
