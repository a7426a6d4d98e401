// Accounts as their owners open them: sign-up, sign-in (by e-mail or any spelling of a phone number),
// one-time reset codes, and the phone-only accounts the USSD and WhatsApp channels make. Each opens a
// session with the auth module (issueToken) and answers the account with the roles it holds.
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { ShopDeps } from '../../lib/deps';
import { attemptLimiter } from '../../lib/attempt-limiter';
import { AppError, badRequest } from '../../lib/errors';
import { EMAIL_PATTERN, isPhoneLike } from '../../lib/fields';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { normalizePhone } from '../../lib/phone';
import { newSixDigitCode, sha256 } from '../../lib/secrets';
import { isUniqueViolation } from '../../db/errors';
import type { ForgotPasswordInput, LoginInput, PhoneCodeRequestInput, PhoneCodeSignInInput, PublicUser, RegisterInput, ResetPasswordInput } from '../auth/auth.schema';
import { endSessions, issueToken } from '../auth/auth.service';
import { rolesOf } from '../auth/roles.service';
import { startPhoneVerification } from './phone.service';
import {
  findUserByEmail,
  findUserByPhone,
  findUsersWithUnverifiedPhone,
  insertPhoneAccount,
  insertWebAccount,
  normalizeEmail,
  setPasswordHash,
  toPublicUser,
  type UserRow,
} from './user-records';
import { assertContactsFree } from './users.service';

export const RESET_CODE_TTL_MINUTES = 10;
export const RESET_CODE_MAX_ATTEMPTS = 5;
const INVALID_CREDENTIALS = 'Invalid credentials';
const BAD_RESET_CODE = 'The code is wrong or has expired. Ask for a new one.';
export const MAX_FAILED_LOGINS = 10;
/**
 * Failed logins from one client address, across every account, per 15 minutes. Many shoppers on a
 * mobile network share one address (carrier NAT), so this is set well above one person's mistakes
 * and low enough to stop one machine trying a password list.
 */
export const MAX_FAILED_LOGINS_PER_ADDRESS = 100;
export const MAX_RESET_CODES_PER_HOUR = 5;
const FIFTEEN_MINUTES = 15 * 60 * 1000;
const TOO_MANY_ATTEMPTS = 'Too many failed attempts. Try again in 15 minutes or reset your password.';
const failedLogins = (deps: ShopDeps) => attemptLimiter(deps.db, 'login', MAX_FAILED_LOGINS, FIFTEEN_MINUTES);
const failedLoginsFrom = (deps: ShopDeps) => attemptLimiter(deps.db, 'login-address', MAX_FAILED_LOGINS_PER_ADDRESS, FIFTEEN_MINUTES);
const resetCodesSent = (deps: ShopDeps) => attemptLimiter(deps.db, 'reset-code', MAX_RESET_CODES_PER_HOUR, 60 * 60 * 1000);
const signInCodesSent = (deps: ShopDeps) => attemptLimiter(deps.db, 'sign-in-code', MAX_RESET_CODES_PER_HOUR, 60 * 60 * 1000);

export interface Session {
  token: string;
  user: PublicUser;
}

/** A session for the account just signed up or in, with the account as its owner sees it. */
async function openSession(deps: ShopDeps, user: UserRow): Promise<Session> {
  const [token, roles] = await Promise.all([issueToken(deps, user.id), rolesOf(deps, user.id)]);
  return { token, user: toPublicUser(user, roles) };
}

export async function register(deps: ShopDeps, input: RegisterInput): Promise<Session> {
  await assertContactsFree(deps, input);
  // The number is the shopper's word until its SMS code comes back (POST /user/verifyPhone).
  const phone = input.phoneNumber ? normalizePhone(input.phoneNumber) : null;
  const user = await insertWebAccount(deps, { fullName: input.fullName, email: input.email, unverifiedPhone: phone, passwordHash: await hashPassword(input.password) }).catch(async (error: unknown) => {
      // Two sign-ups with one email or phone at once: the loser hears why, as a sequential one would.
      if (isUniqueViolation(error)) await assertContactsFree(deps, input);
      throw error;
    });
  if (phone) await startPhoneVerification(deps, user.id, phone);
  return openSession(deps, user);
}

/**
 * The account an identifier and password open: the identifier is an email (any case) or a phone
 * number in any usual spelling. Each lookup checks one password hash, found or not, so the time
 * taken does not tell whether the account exists.
 */
async function findByIdentifier(deps: ShopDeps, identifier: string, password: string): Promise<UserRow | undefined> {
  const trimmed = identifier.trim();
  let candidates: UserRow[] = [];
  if (EMAIL_PATTERN.test(trimmed)) candidates = compact([await findUserByEmail(deps, trimmed)]);
  else if (isPhoneLike(trimmed)) candidates = await accountsTypingPhone(deps, trimmed);
  if (candidates.length === 0) {
    await verifyPassword(password, null);
    return undefined;
  }
  for (const candidate of candidates) {
    if (await verifyPassword(password, candidate.password_hash)) return candidate;
  }
  return undefined;
}

const compact = <T>(items: (T | undefined)[]) => items.filter((item): item is T => item !== undefined);

/**
 * Who may sign in with a phone number: the account that has proven it, then the few newest that
 * typed it at sign-up and have not entered the code yet (each opens only with its own password).
 */
async function accountsTypingPhone(deps: ShopDeps, phone: string): Promise<UserRow[]> {
  const [owner, waiting] = await Promise.all([findUserByPhone(deps, phone), findUsersWithUnverifiedPhone(deps, phone, 3)]);
  return compact([owner, ...waiting]);
}

/** One spelling per identifier, so `0788 123 999` and `+250788123999` are counted as one. */
function identifierKey(identifier: string): string {
  const trimmed = identifier.trim();
  if (EMAIL_PATTERN.test(trimmed)) return normalizeEmail(trimmed);
  if (isPhoneLike(trimmed)) return normalizePhone(trimmed);
  return trimmed.toLowerCase();
}

/**
 * Wrong passwords are limited per identifier (so an account cannot be guessed at leisure) and per
 * client address (so one machine cannot try a list of accounts).
 */
export async function login(deps: ShopDeps, input: LoginInput, clientAddress = 'unknown'): Promise<Session> {
  const perAccount = failedLogins(deps);
  const perAddress = failedLoginsFrom(deps);
  const key = identifierKey(input.identifier);
  const [accountBlocked, addressBlocked] = await Promise.all([perAccount.isBlocked(key), perAddress.isBlocked(clientAddress)]);
  if (accountBlocked || addressBlocked) throw new AppError(429, TOO_MANY_ATTEMPTS, 'too_many_attempts');
  const user = await findByIdentifier(deps, input.identifier, input.password);
  if (!user) {
    await Promise.all([perAccount.record(key), perAddress.record(clientAddress)]);
    throw badRequest(INVALID_CREDENTIALS, [], 'auth_error');
  }
  await perAccount.reset(key);
  return openSession(deps, user);
}

async function findForReset(deps: ShopDeps, input: { email?: string; phoneNumber?: string }) {
  if (input.email) return findUserByEmail(deps, input.email);
  if (input.phoneNumber) return (await accountsTypingPhone(deps, input.phoneNumber))[0];
  return undefined;
}

/** What a one-time code is for: a new password, or a session without the password (the rider app). */
type CodePurpose = 'reset' | 'sign_in';

const CODE_WORDS: Readonly<Record<CodePurpose, { subject: string; limiter: (deps: ShopDeps) => ReturnType<typeof attemptLimiter> }>> = {
  reset: { subject: 'password reset code', limiter: (deps) => resetCodesSent(deps) },
  sign_in: { subject: 'sign-in code', limiter: (deps) => signInCodesSent(deps) },
};

/**
 * Sends a one-time code of `purpose` to the account by e-mail or SMS: only the newest code of that
 * purpose works. A cap per account stops the forms being used to flood someone's phone.
 */
async function sendAccountCode(deps: ShopDeps, user: UserRow, purpose: CodePurpose, channel: 'email' | 'sms'): Promise<void> {
  const words = CODE_WORDS[purpose];
  if ((await words.limiter(deps).record(user.id)) > MAX_RESET_CODES_PER_HOUR) {
    deps.log.warn(purpose === 'reset' ? 'reset_code_limit' : 'sign_in_code_limit', { userId: user.id });
    return;
  }
  const code = newSixDigitCode();
  await deps.db.transaction().execute(async (trx) => {
    // Only the newest code works: asking again cancels the earlier ones.
    await trx
      .updateTable('password_reset_codes')
      .set({ used_at: new Date() })
      .where('user_id', '=', user.id)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('password_reset_codes')
      .values({
        user_id: user.id,
        purpose,
        code_hash: sha256(`${user.id}:${code}`),
        expires_at: new Date(Date.now() + RESET_CODE_TTL_MINUTES * 60 * 1000),
      })
      .execute();
  });
  await deps.notifier.send({
    channel,
    recipient: channel === 'email' ? user.email! : (user.phone_number ?? user.unverified_phone_number)!,
    subject: `${deps.config.shop.shopName} ${words.subject}`,
    body: `Your ${deps.config.shop.shopName} code is ${code}. It works for ${RESET_CODE_TTL_MINUTES} minutes. If you did not ask for it, ignore this message.`,
    kind: purpose === 'reset' ? 'reset_code' : 'sign_in_code',
  });
}

/**
 * Takes one try of the account's newest unused code of `purpose` and uses it up if it is right,
 * unexpired and tried fewer than 5 times. A try is taken before the code is compared, in one
 * statement that re-checks the count on the row it updates: however many guesses arrive at once,
 * only 5 are ever compared; the same right code sent twice at once is used once. `use` runs in the
 * transaction that uses the code up.
 */
async function useAccountCode<T>(deps: ShopDeps, user: UserRow, purpose: CodePurpose, code: string, use: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  const refuse = () => badRequest(BAD_RESET_CODE, [{ msg: BAD_RESET_CODE, param: 'code' }], 'invalid_code');
  const pending = await deps.db
    .updateTable('password_reset_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', (eb) =>
      eb
        .selectFrom('password_reset_codes')
        .select('id')
        .where('user_id', '=', user.id)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .orderBy('id', 'desc')
        .limit(1),
    )
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .where('attempts', '<', RESET_CODE_MAX_ATTEMPTS)
    .returning(['id', 'code_hash'])
    .executeTakeFirst();
  if (!pending || pending.code_hash !== sha256(`${user.id}:${code}`)) throw refuse();
  return deps.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('password_reset_codes')
      .set({ used_at: new Date() })
      .where('id', '=', pending.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) throw refuse();
    return use(trx);
  });
}

/**
 * Sends a one-time code to the account's email or phone. Answers the same whether or not the
 * account exists, so the form cannot be used to find out who shops here.
 */
export async function requestPasswordReset(deps: ShopDeps, input: ForgotPasswordInput): Promise<void> {
  const user = await findForReset(deps, input);
  if (!user) return;
  await sendAccountCode(deps, user, 'reset', input.email ? 'email' : 'sms');
}

/** Sets a new password when the code is right, unexpired, unused and tried fewer than 5 times. */
export async function resetPassword(deps: ShopDeps, input: ResetPasswordInput): Promise<void> {
  const user = await findForReset(deps, input);
  if (!user) throw badRequest(BAD_RESET_CODE, [{ msg: BAD_RESET_CODE, param: 'code' }], 'invalid_code');
  const passwordHash = await hashPassword(input.password);
  await useAccountCode(deps, user, 'reset', input.code, async (trx) => {
    await setPasswordHash({ db: trx }, user.id, passwordHash);
    // A reset means the old password may be known to someone else: sign out every session.
    await endSessions({ db: trx }, user.id);
  });
}

/**
 * Sends a sign-in code by SMS to the account that has proven this number (a rider signing in on
 * their phone). Answers the same whether or not there is one.
 */
export async function requestSignInCode(deps: ShopDeps, input: PhoneCodeRequestInput): Promise<void> {
  const user = await findUserByPhone(deps, input.phoneNumber);
  if (!user) return;
  await sendAccountCode(deps, user, 'sign_in', 'sms');
}

/** A session for the account that proved this number, opened with the code it was sent instead of a password. */
export async function signInWithCode(deps: ShopDeps, input: PhoneCodeSignInInput): Promise<Session> {
  const user = await findUserByPhone(deps, input.phoneNumber);
  if (!user) throw badRequest(BAD_RESET_CODE, [{ msg: BAD_RESET_CODE, param: 'code' }], 'invalid_code');
  await useAccountCode(deps, user, 'sign_in', input.code, async () => undefined);
  return openSession(deps, user);
}

/** Who a caller is, as a channel that knows people by phone keeps them: the account and the name to greet. */
export interface PhoneAccount {
  _id: string;
  fullName: string;
}

const toPhoneAccount = (user: UserRow): PhoneAccount => ({ _id: user.id, fullName: user.full_name });

/**
 * The one rule for finding the shopper behind a phone number, for every channel that knows people
 * by phone (USSD, WhatsApp): the account that has proven the number, or a new one made on first
 * contact with just a name (the gateway vouches for the number). A number typed on the web but not
 * yet verified never matches, so a squatter's account never receives the caller's cart. The new
 * account has no password until the shopper sets one through the reset flow.
 */
export async function findOrCreatePhoneAccount(deps: ShopDeps, phoneNumber: string, fullName?: string): Promise<PhoneAccount | undefined> {
  if (!fullName) {
    const existing = await findUserByPhone(deps, phoneNumber);
    return existing ? toPhoneAccount(existing) : undefined;
  }
  return (await signUpByPhone(deps, phoneNumber, fullName))?.user;
}

/**
 * A caller signing up a number it found no account for: the insert comes first (one statement for a
 * new caller), and a number taken meanwhile is the account found. `made` says which: an account made
 * here has no cart, orders or baskets yet.
 */
export async function signUpByPhone(deps: ShopDeps, phoneNumber: string, fullName: string): Promise<{ user: PhoneAccount; made: boolean } | undefined> {
  const user = await insertPhoneAccount(deps, phoneNumber, fullName);
  if (user) return { user: toPhoneAccount(user), made: true };
  const existing = await findUserByPhone(deps, phoneNumber);
  return existing ? { user: toPhoneAccount(existing), made: false } : undefined;
}
