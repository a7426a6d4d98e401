// The short SMS a shopper gets when staff confirm a payment or move an order along, in the
// language the shopper chose on USSD or chat (English otherwise). Sending never undoes the change:
// a message the provider refuses stays in the outbox for retry.
import type { ShopDeps } from '../../lib/deps';
import { formatFrw } from '../../lib/money';
import { normalizePhone } from '../../lib/phone';
import type { OrderStatus } from './staff.schema';

export type NoticeEvent = Exclude<OrderStatus, 'pending'> | 'payment_completed' | 'payment_failed';
type Language = 'en' | 'rw' | 'fr';
interface NoticeFields {
  shop: string;
  number: string;
  amount: string;
  payCode: string;
  phone: string;
}

const NOTICES: Record<Language, Record<NoticeEvent, (f: NoticeFields) => string>> = {
  en: {
    payment_completed: (f) => `${f.shop}: payment for order ${f.number} (${f.amount}) is confirmed. Thank you!`,
    payment_failed: (f) => `${f.shop}: we could not confirm the payment for order ${f.number}. Pay with MoMo code ${f.payCode} or call ${f.phone}.`,
    processing: (f) => `${f.shop}: order ${f.number} is being prepared.`,
    shipped: (f) => `${f.shop}: order ${f.number} is on its way to you.`,
    delivered: (f) => `${f.shop}: order ${f.number} was delivered. Thank you for shopping with us!`,
    cancelled: (f) => `${f.shop}: order ${f.number} was cancelled. Questions? Call ${f.phone}.`,
  },
  rw: {
    payment_completed: (f) => `${f.shop}: ubwishyu bwa komande ${f.number} (${f.amount}) bwemejwe. Murakoze!`,
    payment_failed: (f) => `${f.shop}: ntitwabashije kwemeza ubwishyu bwa komande ${f.number}. Ishyura kuri MoMo ${f.payCode} cyangwa uhamagare ${f.phone}.`,
    processing: (f) => `${f.shop}: komande ${f.number} irimo gutegurwa.`,
    shipped: (f) => `${f.shop}: komande ${f.number} iri mu nzira igana iwanyu.`,
    delivered: (f) => `${f.shop}: komande ${f.number} yagejejwe. Murakoze guhahira iwacu!`,
    cancelled: (f) => `${f.shop}: komande ${f.number} yahagaritswe. Ikibazo? Hamagara ${f.phone}.`,
  },
  fr: {
    payment_completed: (f) => `${f.shop} : le paiement de la commande ${f.number} (${f.amount}) est confirmé. Merci !`,
    payment_failed: (f) => `${f.shop} : nous n'avons pas pu confirmer le paiement de la commande ${f.number}. Payez par MoMo au ${f.payCode} ou appelez le ${f.phone}.`,
    processing: (f) => `${f.shop} : la commande ${f.number} est en préparation.`,
    shipped: (f) => `${f.shop} : la commande ${f.number} est en route.`,
    delivered: (f) => `${f.shop} : la commande ${f.number} a été livrée. Merci !`,
    cancelled: (f) => `${f.shop} : la commande ${f.number} a été annulée. Une question ? Appelez le ${f.phone}.`,
  },
};

export interface NoticeTarget {
  orderNumber: string;
  amountMinor: number;
  /** The account's phone, else the delivery address's. */
  phone: string | null;
}

async function languageOf(deps: ShopDeps, phone: string): Promise<Language> {
  const row = await deps.db.selectFrom('conversation_phones').select('language').where('phone_number', '=', phone).executeTakeFirst();
  return row?.language === 'rw' || row?.language === 'fr' ? row.language : 'en';
}

export function noticeText(language: Language, event: NoticeEvent, fields: NoticeFields): string {
  return NOTICES[language][event](fields);
}

/** Sends the shopper the notice for `event`; logs and carries on if it cannot (the change stands). */
export async function notifyShopper(deps: ShopDeps, target: NoticeTarget, event: NoticeEvent): Promise<void> {
  if (!target.phone) return;
  try {
    const phone = normalizePhone(target.phone);
    const { shop } = deps.config;
    const body = noticeText(await languageOf(deps, phone), event, {
      shop: shop.shopName,
      number: target.orderNumber,
      amount: formatFrw(target.amountMinor),
      payCode: shop.payCode,
      phone: shop.supportPhone,
    });
    await deps.notifier.send({ channel: 'sms', recipient: phone, subject: `Order ${target.orderNumber}`, body, kind: event.startsWith('payment') ? 'payment' : 'order_status' });
  } catch (error) {
    deps.log.warn('shopper_notice_failed', { orderNumber: target.orderNumber, event, reason: error instanceof Error ? error.message : String(error) });
  }
}
