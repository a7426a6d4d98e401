// A shopper's answer to a proposed substitute from their phone (docs/packing.md): an SMS reply
// (Africa's Talking's incoming messages) or a tapped WhatsApp reply button. It goes through
// answerSubstitute, as the web's Accept / Refuse does; the channel says the outcome in the
// shopper's language.
import { nowOf, type ShopDeps } from '../../lib/deps';
import { isAppError } from '../../lib/errors';
import type { Language } from '../../lib/languages';
import { normalizePhone } from '../../lib/phone';
import { answerSubstitute } from './order-packing.service';
import { phoneReach } from './order-notices';
import { shopperPhone, substituteButton } from './substitute-asking';

/** An answer to a question whose time passed this long ago is told "too late"; older ones are no question at all. */
const LATE_ANSWER_MS = 24 * 60 * 60 * 1000;
/** Orders whose substitutes may still be answered: not yet on their way (order-packing.service.ts). */
const ANSWERABLE = ['pending', 'processing'];

/** What became of an answer from a phone, for the channel to say in the shopper's language. */
export type PhoneAnswer = { language: Language } & (
  | { outcome: 'accepted'; substitute: string }
  | { outcome: 'refused'; name: string }
  /** The question's time passed: the shopper's preference was applied. */
  | { outcome: 'late' }
  /** No question waits for this phone (never asked, or answered already). */
  | { outcome: 'none' }
);

/**
 * A shopper's answer from their phone: to the question a button named, or else to the open question
 * of theirs whose time runs out first. Only the phone the shop asks (the account's proven phone, else
 * the order's delivery phone) answers an order's questions. One reply answers one question, the one
 * asked first: the reply back names the product it settled, and a second reply answers the next.
 */
export async function answerSubstituteByPhone(deps: ShopDeps, phone: string, accept: boolean, which?: { orderId: string; productId: string }): Promise<PhoneAnswer> {
  const from = normalizePhone(phone);
  const now = nowOf(deps);
  const { language } = await phoneReach(deps, from);
  let query = deps.db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select(['orders.id as orderId', 'orders.user_id as userId', 'orders.address', 'users.phone_number', 'order_lines.product_id as productId', 'order_lines.substitute_answer_by as answerBy', 'order_lines.position'])
    .where('order_lines.substitute_answer', '=', 'asked')
    .where('orders.status', 'in', ANSWERABLE)
    .where('order_lines.substitute_answer_by', '>', new Date(now.getTime() - LATE_ANSWER_MS));
  if (which) query = query.where('orders.id', '=', which.orderId).where('order_lines.product_id', '=', which.productId);
  const mine = (await query.orderBy('order_lines.substitute_answer_by').orderBy('orders.created_at').orderBy('order_lines.position').execute()).filter((row) => shopperPhone(row.phone_number, row.address) === from);
  const open = mine.filter((row) => row.answerBy && new Date(row.answerBy).getTime() > now.getTime());
  const [first] = open;
  if (!first) return { language, outcome: mine.length ? 'late' : 'none' };
  try {
    const answered = await answerSubstitute(deps, first.userId, first.orderId, { productId: first.productId, accept });
    const line = answered.products.find((candidate) => candidate.productId === first.productId);
    return accept ? { language, outcome: 'accepted', substitute: line?.substitutedBy?.productName ?? '' } : { language, outcome: 'refused', name: line?.productName ?? '' };
  } catch (error) {
    // Its time ran out, or it was answered on another face, between the read above and the answer.
    if (isAppError(error) && error.status === 409) return { language, outcome: 'late' };
    throw error;
  }
}

/** A tapped WhatsApp reply button's answer, or undefined when the button is not a substitute question's. */
export async function answerSubstituteButton(deps: ShopDeps, phone: string, buttonId: string): Promise<PhoneAnswer | undefined> {
  const button = substituteButton(buttonId);
  return button && answerSubstituteByPhone(deps, phone, button.accept, { orderId: button.orderId, productId: button.productId });
}
