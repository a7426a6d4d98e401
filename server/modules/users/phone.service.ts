// Proving a phone number. A number typed on the web (sign-up, profile) is kept as unverified until
// its owner enters the 6-digit code we send it by SMS; only then does it tie the web account to the
// channels that know a shopper by phone (USSD, WhatsApp), so no one can squat someone else's number.
import { sql } from 'kysely';
import { inTransaction, type Changes } from '../../db/changes';
import { attemptLimiter } from '../../lib/attempt-limiter';
import { runInBackground } from '../../lib/background';
import type { ShopDeps } from '../../lib/deps';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { newSixDigitCode, sha256 } from '../../lib/secrets';
import { moveAddresses } from '../addresses/addresses.service';
import { mergeCarts } from '../cart/cart.service';
import { moveRatings } from '../catalog/catalog.service';
import { moveOrders } from '../orders/order-changes.service';
import type { PublicUser } from '../auth/auth.schema';
import { moveRoles, rolesOf } from '../auth/roles.service';
import { findUserById, toPublicUser } from './user-records';

export const PHONE_CODE_TTL_MINUTES = 10;
export const PHONE_CODE_MAX_ATTEMPTS = 5;
export const MAX_PHONE_CODES_PER_HOUR = 5;
export const BAD_PHONE_CODE = 'The code is wrong or has expired. Ask for a new one.';
export const NUMBER_TAKEN = 'This phone number is already verified on another account';
const codesSent = (deps: ShopDeps) => attemptLimiter(deps.db, 'phone-code', MAX_PHONE_CODES_PER_HOUR, 60 * 60 * 1000);
const codeHash = (userId: string, phone: string, code: string) => sha256(`${userId}:${phone}:${code}`);

/**
 * Makes a new code for the number (the earlier one stops working) and sends it by SMS. The message
 * goes out in the background, so a slow SMS provider never holds up a sign-up.
 */
async function sendCode(deps: ShopDeps, userId: string, phone: string): Promise<void> {
  if ((await codesSent(deps).record(userId)) > MAX_PHONE_CODES_PER_HOUR) {
    throw new AppError(429, 'Too many codes sent. Try again in an hour.', 'too_many_codes');
  }
  const code = newSixDigitCode();
  const row = { phone_number: phone, code_hash: codeHash(userId, phone, code), attempts: 0, expires_at: new Date(Date.now() + PHONE_CODE_TTL_MINUTES * 60_000) };
  await deps.db
    .insertInto('phone_verification_codes')
    .values({ user_id: userId, ...row })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
    .execute();
  const shop = deps.config.shop.shopName;
  runInBackground(deps, 'phone_code', () =>
    deps.notifier.send({
      channel: 'sms',
      recipient: phone,
      subject: `${shop} phone number code`,
      body: `Your ${shop} code is ${code}. Enter it to confirm this phone number. It works for ${PHONE_CODE_TTL_MINUTES} minutes.`,
    }),
  );
}

/** Called when a web account gets a new unverified number (sign-up, profile change). */
export async function startPhoneVerification(deps: ShopDeps, userId: string, phone: string): Promise<void> {
  await sendCode(deps, userId, phone);
}

/** POST /user/resendPhoneCode: a fresh code for the number waiting to be verified. */
export async function resendPhoneCode(deps: ShopDeps, userId: string): Promise<void> {
  const user = await findUserById(deps, userId);
  if (!user) throw notFound('User not found');
  if (!user.unverified_phone_number) throw badRequest('There is no phone number waiting to be verified', [{ msg: 'There is no phone number waiting to be verified', param: 'phoneNumber' }]);
  await sendCode(deps, userId, user.unverified_phone_number);
}

/**
 * POST /user/verifyPhone. The right code makes the number the account's own. A try is taken
 * before the code is compared, in one statement, so 5 tries hold under concurrency.
 *
 * If the number already belongs to an account made by USSD (no email: the phone is its only key),
 * the shopper has now proven both, so that account's cart, addresses, orders and ratings move into
 * this one and it is closed. If it belongs to an account with its own email, the number stays there
 * and this is refused (409): that shopper signs in there, or removes the number from it first.
 */
export async function verifyPhone(deps: ShopDeps, userId: string, code: string): Promise<PublicUser> {
  const user = await findUserById(deps, userId);
  if (!user) throw notFound('User not found');
  const phone = user.unverified_phone_number;
  const refuse = () => badRequest(BAD_PHONE_CODE, [{ msg: BAD_PHONE_CODE, param: 'code' }], 'invalid_code');
  if (!phone) throw badRequest('There is no phone number waiting to be verified', [{ msg: 'There is no phone number waiting to be verified', param: 'phoneNumber' }]);
  const pending = await deps.db
    .updateTable('phone_verification_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('user_id', '=', userId)
    .where('phone_number', '=', phone)
    .where('expires_at', '>', sql<Date>`now()`)
    .where('attempts', '<', PHONE_CODE_MAX_ATTEMPTS)
    .returning('code_hash')
    .executeTakeFirst();
  if (!pending || pending.code_hash !== codeHash(userId, phone, code)) throw refuse();

  const verified = await inTransaction(deps, async (changes) => {
    const { trx } = changes;
    const used = await trx.deleteFrom('phone_verification_codes').where('user_id', '=', userId).where('phone_number', '=', phone).executeTakeFirst();
    if (Number(used.numDeletedRows) === 0) throw refuse(); // the same code sent twice at once
    const holder = await trx.selectFrom('users').selectAll().where('phone_number', '=', phone).forUpdate().executeTakeFirst();
    if (holder && holder.id !== userId) {
      if (holder.email) throw conflict(NUMBER_TAKEN, [{ msg: NUMBER_TAKEN, param: 'phoneNumber' }]);
      await mergeAccount(changes, holder.id, userId);
      deps.log.info('phone_account_merged', { from: holder.id, into: userId });
    }
    return trx
      .updateTable('users')
      .set({ phone_number: phone, unverified_phone_number: null })
      .where('id', '=', userId)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return toPublicUser(verified, await rolesOf(deps, userId));
}

/**
 * Moves everything a USSD-only account holds into the account that has proven its number, then closes
 * it. Each table is moved by its owner (the cart adds up, the receiving account's own rating of a
 * product wins, the roles join), all in the verifying transaction.
 */
async function mergeAccount(changes: Changes, fromId: string, intoId: string): Promise<void> {
  const { trx } = changes;
  await mergeCarts({ db: trx }, fromId, intoId);
  await moveAddresses({ db: trx }, fromId, intoId);
  await moveOrders({ db: trx }, fromId, intoId);
  await moveRatings(changes, fromId, intoId);
  // A rider or packer first known by phone keeps the role on the account that has now proven it.
  await moveRoles({ db: trx }, fromId, intoId);
  await trx.deleteFrom('users').where('id', '=', fromId).execute();
}
