// A proposed substitute asked where the shopper is (docs/packing.md): by WhatsApp, with Yes / No
// reply buttons, to a shopper who wrote to the shop's WhatsApp number within the last 24 hours (Meta
// refuses a free-form message after that, and the shop sends no templates: docs/conversation.md),
// else by SMS saying which reply does what. The answers come back through
// substitute-questions.service.ts. The conversation's own screens ask the same question in
// server/conversation/i18n; these words are the messages the shop starts.
import { nowOf, type ShopDeps } from '../../lib/deps';
import type { Language } from '../../lib/languages';
import { formatFrw } from '../../lib/money';
import type { ReplyButton } from '../../lib/notifier';
import { lineMinor } from '../../lib/quantities';
import { quantityWithUnit } from '../../lib/units';
import type { OrderAddressSnapshot } from '../../db/schema';
import { phoneReach, shopperPhoneOf } from './order-notices';
import { orderNumber } from './orders.schema';

interface QuestionFields {
  number: string;
  name: string;
  substitute: string;
  quantity: string;
  price: string;
  time: string;
}

// REVIEW (rw): awaits a native speaker, as the conversation's question screen does.
const QUESTION_WORDS: Readonly<Record<Language, { sms: (f: QuestionFields) => string; whatsapp: (f: QuestionFields) => string; accept: string; refuse: string }>> = {
  en: {
    sms: (f) => `Order ${f.number}: ${f.name} is missing. Reply 1 or YES to take ${f.substitute} ${f.quantity} (${f.price}), 2 or NO to leave it out, by ${f.time}.`,
    whatsapp: (f) => `Order ${f.number}: ${f.name} is missing. Take ${f.substitute} ${f.quantity} (${f.price})? Answer by ${f.time}.`,
    accept: 'Yes, take it',
    refuse: 'No, leave it out',
  },
  rw: {
    sms: (f) => `Komande ${f.number}: ${f.name} ntibonetse. Subiza 1 cyangwa YEGO wakire ${f.substitute} ${f.quantity} (${f.price}), 2 cyangwa OYA mubireke, mbere ya ${f.time}.`,
    whatsapp: (f) => `Komande ${f.number}: ${f.name} ntibonetse. Mwakira ${f.substitute} ${f.quantity} (${f.price})? Musubize mbere ya ${f.time}.`,
    accept: 'Yego, ndayakira',
    refuse: 'Oya, mubireke',
  },
  fr: {
    sms: (f) => `Commande ${f.number}: ${f.name} manque. Repondez 1 ou OUI pour ${f.substitute} ${f.quantity} (${f.price}), 2 ou NON pour le retirer, avant ${f.time}.`,
    whatsapp: (f) => `Commande ${f.number} : ${f.name} manque. Prendre ${f.substitute} ${f.quantity} (${f.price}) ? Répondez avant ${f.time}.`,
    accept: 'Oui, le prendre',
    refuse: 'Non, le retirer',
  },
};

/** 17:53 in Kigali: when the shop stops waiting for an answer. */
const kigaliClock = (at: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Kigali', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);

/** A reply button's id: what was answered, for which order's line. Read back by substituteButton. */
const buttonId = (accept: boolean, orderId: string, productId: string) => `substitute:${accept ? 'yes' : 'no'}:${orderId}:${productId}`;

/** The answer a tapped reply button carries, or undefined when the id is not one of these buttons. */
export function substituteButton(id: string): { accept: boolean; orderId: string; productId: string } | undefined {
  const match = /^substitute:(yes|no):([^:]+):(.+)$/.exec(id);
  return match ? { accept: match[1] === 'yes', orderId: match[2], productId: match[3] } : undefined;
}

/** The phone that hears about an order (shopperPhoneOf), from the order's stored address. */
export const shopperPhone = (provenPhone: string | null, address: OrderAddressSnapshot | string) =>
  shopperPhoneOf(provenPhone, (typeof address === 'string' ? (JSON.parse(address) as OrderAddressSnapshot) : address).phoneNumber);

/**
 * Asks the shopper about each substitute proposed for these lines of the order and still awaiting an
 * answer. Never throws: the packing it follows stands; a question that cannot be sent is logged (the
 * web's order page and Track orders still show it).
 */
export async function askAboutSubstitutes(deps: ShopDeps, orderId: string, productIds: readonly string[]): Promise<void> {
  try {
    if (!productIds.length) return;
    const order = await deps.db.selectFrom('orders').innerJoin('users', 'users.id', 'orders.user_id').select(['orders.id', 'orders.address', 'users.phone_number']).where('orders.id', '=', orderId).executeTakeFirstOrThrow();
    const phone = shopperPhone(order.phone_number, order.address);
    if (!phone) throw new Error('the shopper has no phone number');
    const lines = await deps.db
      .selectFrom('order_lines')
      .select(['product_id', 'product_name', 'packed_quantity', 'substitute_name', 'substitute_unit', 'substitute_price_minor', 'substitute_answer_by'])
      .where('order_id', '=', order.id)
      .where('product_id', 'in', [...productIds])
      .where('substitute_answer', '=', 'asked')
      .where('substitute_answer_by', '>', nowOf(deps))
      .orderBy('position')
      .execute();
    const reach = await phoneReach(deps, phone);
    const words = QUESTION_WORDS[reach.language];
    const number = orderNumber(order.id);
    for (const line of lines) {
      const packed = line.packed_quantity ?? 0;
      const fields: QuestionFields = {
        number,
        name: line.product_name,
        substitute: line.substitute_name ?? '',
        quantity: quantityWithUnit(packed, line.substitute_unit ?? '', reach.language),
        price: formatFrw(lineMinor(line.substitute_price_minor ?? 0, packed)),
        time: kigaliClock(new Date(line.substitute_answer_by!)),
      };
      const subject = `Order ${number}`;
      if (reach.whatsapp) {
        const buttons: ReplyButton[] = [
          { id: buttonId(true, order.id, line.product_id), title: words.accept },
          { id: buttonId(false, order.id, line.product_id), title: words.refuse },
        ];
        await deps.notifier.send({ channel: 'whatsapp', recipient: phone, subject, body: words.whatsapp(fields), buttons, kind: 'substitute_question' });
      } else {
        await deps.notifier.send({ channel: 'sms', recipient: phone, subject, body: words.sms(fields), kind: 'substitute_question' });
      }
    }
  } catch (error) {
    deps.log.warn('substitute_question_failed', { orderId, reason: error instanceof Error ? error.message : String(error) });
  }
}
