// The code the shopper gives the rider at the door: 4 digits, made when the rider picks the order up
// and sent to the shopper (SMS, e-mail, their own order page), never to the rider. The rider's app
// sends what the shopper says; five wrong tries lock it, and then only staff can record the delivery,
// saying why. A try is taken before the code is compared, in one statement, so five hold however many
// tries arrive at once; it is taken in a transaction of its own, so a wrong code counts even though
// the delivery it came with is refused.
import { randomInt } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { ShopDeps } from '../../lib/deps';
import { AppError, badRequest } from '../../lib/errors';

export const CODE_TRIES = 5;
export const CODE_LOCKED = "This order's code is locked after 5 wrong tries: call the shop, staff record the delivery";

/** A new code for the order (a new pick-up after a failed delivery makes a new one). */
export async function issueCode(trx: Transaction<Database>, orderId: string): Promise<string> {
  const code = String(randomInt(0, 10_000)).padStart(4, '0');
  await trx
    .insertInto('delivery_codes')
    .values({ order_id: orderId, code })
    .onConflict((oc) => oc.column('order_id').doUpdateSet({ code, wrong_tries: 0, locked_at: null, created_at: new Date() }))
    .execute();
  return code;
}

/**
 * Checks the code the rider was given: passes, or throws 400 with the tries left, or 409 once locked
 * (the fifth wrong try locks it). An order with no code has not been picked up.
 */
export async function checkCode(deps: Pick<ShopDeps, 'db'>, orderId: string, given: string): Promise<void> {
  const tried = await deps.db
    .updateTable('delivery_codes')
    .set((eb) => ({ wrong_tries: eb('wrong_tries', '+', 1) }))
    .where('order_id', '=', orderId)
    .where('locked_at', 'is', null)
    .where('wrong_tries', '<', CODE_TRIES)
    .returning(['code', 'wrong_tries'])
    .executeTakeFirst();
  if (!tried) {
    const row = await deps.db.selectFrom('delivery_codes').select('locked_at').where('order_id', '=', orderId).executeTakeFirst();
    if (!row) throw badRequest('Tap "Picked up" first: the shopper gets their code when the order leaves the shop', [], 'not_picked_up');
    throw new AppError(409, CODE_LOCKED, 'code_locked', [{ msg: CODE_LOCKED, param: 'code' }]);
  }
  if (tried.code === given) {
    // The right code: the try it took is given back.
    await deps.db.updateTable('delivery_codes').set({ wrong_tries: sql<number>`greatest(wrong_tries - 1, 0)` }).where('order_id', '=', orderId).execute();
    return;
  }
  const left = CODE_TRIES - tried.wrong_tries;
  if (left <= 0) {
    await deps.db.updateTable('delivery_codes').set({ locked_at: new Date() }).where('order_id', '=', orderId).where('locked_at', 'is', null).execute();
    throw new AppError(409, CODE_LOCKED, 'code_locked', [{ msg: CODE_LOCKED, param: 'code' }]);
  }
  const message = `Wrong code: ${left} ${left === 1 ? 'try' : 'tries'} left`;
  throw badRequest(message, [{ msg: message, param: 'code' }], 'wrong_code');
}
