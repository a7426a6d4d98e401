// Accounts as their owners open them: sign-up, sign-in (by e-mail or any spelling of a phone number),
// one-time reset codes, and the phone-only accounts the USSD and WhatsApp channels make. Each opens a
// session with the auth module (issueToken) and answers the account with the roles it holds.
import { sql } from 'kysely';
import type { ShopDeps } from '../../lib/deps';
import { attemptLimiter } from '../../lib/attempt-limiter';
import { AppError, badRequest } from '../../lib/errors';
import { EMAIL_PATTERN, isPhoneLike } from '../../lib/fields';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { normalizePhone } from '../../lib/phone';
import { newSixDigitCode, sameSecret, sha256 } from '../../lib/secrets';
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
/** Tries of one code from one requester (client address): a stranger's guesses leave the owner's own. */
export const RESET_CODE_MAX_ATTEMPTS = 5;
/** Tries of one code from every requester together: many addresses guessing one code stop here. */
export const RESET_CODE_MAX_TOTAL_ATTEMPTS = 20;
const INVALID_CREDENTIALS = 'Invalid credentials';
const BAD_RESET_CODE = 'The code is wrong or has expired. Ask for a new one.';
export const MAX_FAILED_LOGINS = 10;
/**
 * Failed logins from one client address, across every account, per 15 minutes. Many shoppers on a
 * mobile network share one address (carrier NAT), so this is set well above one person's mistakes
 * and low enough to stop one machine trying a password list.
 */
export const MAX_FAILED_LOGINS_PER_ADDRESS = 100;
/** Codes one requester (client address) may have sent to one account in an hour. */
export const MAX_RESET_CODES_PER_HOUR = 5;
/** Codes one account is sent in an hour, whoever asks: a ceiling on the messages its owner receives. */
export const MAX_RESET_CODES_PER_ACCOUNT = 10;
/** Codes asked for from one client address in an hour, across accounts (carrier NAT shares addresses). */
export const MAX_RESET_CODES_PER_ADDRESS = 30;
/** Wrong reset codes from one client address in an hour, across accounts. */
export const MAX_WRONG_RESET_CODES_PER_ADDRESS = 100;
const FIFTEEN_MINUTES = 15 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const TOO_MANY_ATTEMPTS = 'Too many failed attempts. Try again in 15 minutes or reset your password.';
const TOO_MANY_WRONG_CODES = 'Too many wrong codes from this network. Try again in an hour.';
const failedLogins = (deps: ShopDeps) => attemptLimiter(deps.db, 'login', MAX_FAILED_LOGINS, FIFTEEN_MINUTES);
const failedLoginsFrom = (deps: ShopDeps) => attemptLimiter(deps.db, 'login-address', MAX_FAILED_LOGINS_PER_ADDRESS, FIFTEEN_MINUTES);
const resetCodesAskedBy = (deps: ShopDeps) => attemptLimiter(deps.db, 'reset-code', MAX_RESET_CODES_PER_HOUR, HOUR);
const resetCodesOfAccount = (deps: ShopDeps) => attemptLimiter(deps.db, 'reset-code-account', MAX_RESET_CODES_PER_ACCOUNT, HOUR);
const resetCodesAskedFrom = (deps: ShopDeps) => attemptLimiter(deps.db, 'reset-code-address', MAX_RESET_CODES_PER_ADDRESS, HOUR);
const resetTriesBy = (deps: ShopDeps) => attemptLimiter(deps.db, 'reset-try', RESET_CODE_MAX_ATTEMPTS, RESET_CODE_TTL_MINUTES * 60 * 1000);
const resetTriesOfCode = (deps: ShopDeps) => attemptLimiter(deps.db, 'reset-try-code', RESET_CODE_MAX_TOTAL_ATTEMPTS, RESET_CODE_TTL_MINUTES * 60 * 1000);
const wrongResetCodesFrom = (deps: ShopDeps) => attemptLimiter(deps.db, 'reset-wrong-address', MAX_WRONG_RESET_CODES_PER_ADDRESS, HOUR);

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

/**
 * Whether a code may be sent: the requester's own allowance for this account, the account's ceiling
 * and the requester's across accounts. A stranger asking for codes spends only their own allowance
 * (and never the account's ceiling once theirs is spent), so the owner can still get one.
 */
async function mayAskForCode(deps: ShopDeps, userId: string, requester: string): Promise<boolean> {
  if ((await resetCodesAskedBy(deps).record(`${userId}:${requester}`)) > MAX_RESET_CODES_PER_HOUR) return false;
  return (await resetCodesOfAccount(deps).record(userId)) <= MAX_RESET_CODES_PER_ACCOUNT;
}

/**
 * Sends a one-time code to the account's email or phone. Answers the same whether or not the
 * account exists, so the form cannot be used to find out who shops here. `requester` is the
 * client address asking.
 */
export async function requestPasswordReset(deps: ShopDeps, input: ForgotPasswordInput, requester = 'unknown'): Promise<void> {
  // One machine asking for many accounts' codes (someone else's phone flooded) stops here.
  if ((await resetCodesAskedFrom(deps).record(requester)) > MAX_RESET_CODES_PER_ADDRESS) {
    deps.log.warn('reset_code_limit', { scope: 'address' });
    return;
  }
  const user = await findForReset(deps, input);
  if (!user) return;
  if (!(await mayAskForCode(deps, user.id, requester))) {
    deps.log.warn('reset_code_limit', { userId: user.id });
    return;
  }
  await sendAccountCode(deps, user, 'reset', Boolean(input.email));
}

/** What a one-time code is for: a new password, or a session without the password (the rider app). */
type CodePurpose = 'reset' | 'sign_in';

/** Sends a new code of `purpose` by e-mail or SMS; only the newest code of a purpose works. */
async function sendAccountCode(deps: ShopDeps, user: UserRow, purpose: CodePurpose, byEmail: boolean): Promise<void> {
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
    channel: byEmail ? 'email' : 'sms',
    recipient: byEmail ? user.email! : (user.phone_number ?? user.unverified_phone_number)!,
    subject: `${deps.config.shop.shopName} ${purpose === 'reset' ? 'password reset code' : 'sign-in code'}`,
    body: `Your ${deps.config.shop.shopName} code is ${code}. It works for ${RESET_CODE_TTL_MINUTES} minutes. If you did not ask for it, ignore this message.`,
    kind: purpose === 'reset' ? 'reset_code' : 'sign_in_code',
  });
}

/**
 * Takes one try of the account's newest live code for this requester, and returns the code when the
 * try counts: within the requester's own 5 tries of it, and then within the code's 20. The same
 * statements run, each writing, whatever the case (no account, no live code, tries spent), so the
 * time taken tells none of them; the counts are kept per code (per identifier without one). Each
 * count is one statement that returns it, so however many guesses arrive at once, no more are
 * compared than the limits allow.
 */
async function takeResetTry(deps: ShopDeps, user: UserRow | undefined, identifier: string, requester: string, purpose: CodePurpose = 'reset'): Promise<{ id: number; code_hash: string } | undefined> {
  const live = await deps.db
    .selectFrom('password_reset_codes')
    .select(['id', 'code_hash'])
    .where('user_id', '=', user?.id ?? '')
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const codeKey = live ? `code:${live.id}` : `none:${identifier}`;
  const withinMine = (await resetTriesBy(deps).record(`${codeKey}:${requester}`)) <= RESET_CODE_MAX_ATTEMPTS;
  // A requester past their own tries takes none of the code's (weight 0): a stranger cannot spend the owner's.
  const withinCode = (await resetTriesOfCode(deps).record(codeKey, withinMine ? 1 : 0)) <= RESET_CODE_MAX_TOTAL_ATTEMPTS;
  return withinMine && withinCode ? live : undefined;
}

/**
 * Sets a new password when the code is right, unexpired, unused, and within its tries: 5 for each
 * requester (client address), 20 in all. A wrong code takes the same statements, and so the same
 * time, for a known account as for an unknown one.
 */
export async function resetPassword(deps: ShopDeps, input: ResetPasswordInput, requester = 'unknown'): Promise<void> {
  const wrongFrom = wrongResetCodesFrom(deps);
  if (await wrongFrom.isBlocked(requester)) throw new AppError(429, TOO_MANY_WRONG_CODES, 'too_many_attempts');
  const user = await findForReset(deps, input);
  const pending = await takeResetTry(deps, user, identifierKey(input.email ?? input.phoneNumber ?? ''), requester);
  if (!user || !pending || !sameSecret(pending.code_hash, sha256(`${user.id}:${input.code}`))) {
    await wrongFrom.record(requester);
    throw badRequest(BAD_RESET_CODE, [{ msg: BAD_RESET_CODE, param: 'code' }], 'invalid_code');
  }
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('password_reset_codes')
      .set({ used_at: new Date() })
      .where('id', '=', pending.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    // The same right code sent twice at once: only the first sets the password.
    if (Number(claimed.numUpdatedRows) === 0) throw badRequest(BAD_RESET_CODE, [{ msg: BAD_RESET_CODE, param: 'code' }], 'invalid_code');
    await setPasswordHash({ db: trx }, user.id, passwordHash);
    // A reset means the old password may be known to someone else: sign out every session.
    await endSessions({ db: trx }, user.id);
  });
}

/**
 * Sends a sign-in code by SMS to the account that has proven this number (a rider signing in on
 * their phone), within the same limits as reset codes. Answers the same whether or not there is one.
 */
export async function requestSignInCode(deps: ShopDeps, input: PhoneCodeRequestInput, requester = 'unknown'): Promise<void> {
  if ((await resetCodesAskedFrom(deps).record(requester)) > MAX_RESET_CODES_PER_ADDRESS) {
    deps.log.warn('sign_in_code_limit', { scope: 'address' });
    return;
  }
  const user = await findUserByPhone(deps, input.phoneNumber);
  if (!user) return;
  if (!(await mayAskForCode(deps, user.id, requester))) {
    deps.log.warn('sign_in_code_limit', { userId: user.id });
    return;
  }
  await sendAccountCode(deps, user, 'sign_in', false);
}

/** A session for the account that proved this number, opened with the code it was sent instead of a password; tries limited as reset codes. */
export async function signInWithCode(deps: ShopDeps, input: PhoneCodeSignInInput, requester = 'unknown'): Promise<Session> {
  const wrongFrom = wrongResetCodesFrom(deps);
  if (await wrongFrom.isBlocked(requester)) throw new AppError(429, TOO_MANY_WRONG_CODES, 'too_many_attempts');
  const user = await findUserByPhone(deps, input.phoneNumber);
  const pending = await takeResetTry(deps, user, identifierKey(input.phoneNumber), requester, 'sign_in');
  if (!user || !pending || !sameSecret(pending.code_hash, sha256(`${user.id}:${input.code}`))) {
    await wrongFrom.record(requester);
    throw badRequest(BAD_RESET_CODE, [{ msg: BAD_RESET_CODE, param: 'code' }], 'invalid_code');
  }
  const claimed = await deps.db.updateTable('password_reset_codes').set({ used_at: new Date() }).where('id', '=', pending.id).where('used_at', 'is', null).executeTakeFirst();
  // The same right code sent twice at once opens one session.
  if (Number(claimed.numUpdatedRows) === 0) throw badRequest(BAD_RESET_CODE, [{ msg: BAD_RESET_CODE, param: 'code' }], 'invalid_code');
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
