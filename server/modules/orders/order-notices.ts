// What the shop tells people about an order, and whom it tells: the one place that decides. Each
// notice is written once per language; the SMS is its sentence, the e-mail the same sentence with the
// order's lines, total and delivery address around it. Sending never undoes what it reports: a message
// a provider refuses stays in the outbox for retry, and a notice that cannot be sent is logged.
import { nowOf, type ShopDeps } from '../../lib/deps';
import { languageOr, type Language } from '../../lib/languages';
import { formatFrw } from '../../lib/money';
import { localPhone, normalizePhone } from '../../lib/phone';
import type { OrderAddressSnapshot } from '../../db/schema';
import { orderNumber } from './orders.schema';
import { windowLabel } from '../delivery/delivery-windows';
import { windowWords } from '../delivery/window-words';
import { reasonIn } from './momo-reasons';
import { CASH_WORDS, MOMO_WORDS, payWords } from '../../lib/payment-words';
import { amountToCollectMinor } from './order-amounts.schema';
import type { PaymentMethod } from './order-lists.schema';
import type { Receipt } from './receipt.schema';
import { receiptOfOrder } from './receipt.service';

export type NoticeEvent = 'placed' | 'packed' | 'processing' | 'shipped' | 'delivered' | 'not_delivered' | 'cancelled' | 'payment_completed' | 'payment_failed' | MomoNoticeEvent;
/**
 * MoMo request-to-pay: paid (the receipt, quoting MTN's transaction id); failed (MTN said why, or
 * never had the request: only now is the MoMo Pay code offered); unconfirmed (MTN's answer to the
 * request never came: it may still ask the phone, so the shopper approves or waits, never pays twice).
 */
type MomoNoticeEvent = 'momo_paid' | 'momo_failed' | 'momo_unconfirmed';
interface NoticeFields {
  shop: string;
  number: string;
  amount: string;
  payCode: string;
  phone: string;
  /** MoMo notices: MTN's transaction id, the amount MTN charged ('RWF 2650'), why it failed. */
  transactionId: string;
  charged: string;
  reason: string;
  /** The order's delivery window in the reader's language ("Tomorrow 08:00-10:00"); '' before windows. */
  window: string;
  /** Paid by MoMo request-to-pay: MTN asks the shopper's phone, nobody calls about payment. */
  byMomo: boolean;
  /** On its way: the rider's name and phone (0788 123 456), and the code the shopper gives them at the door. */
  rider: string;
  riderPhone: string;
  code: string;
  /** Not delivered: why, as the rider recorded it (a DeliveryFailure, said in the reader's words). */
  why: string;
}
/** What a notice may need beyond the order itself. */
export type NoticeExtras = Partial<Pick<NoticeFields, 'charged' | 'rider' | 'riderPhone' | 'code' | 'why'>> & {
  /** false: the order has no new window yet (every window was full), so none is named. */
  windowKnown?: boolean;
};

/** Why a delivery failed, in each reader's words (order-lists.schema.ts: DELIVERY_FAILURES). */
const FAILURE_WORDS: Readonly<Record<Language, Record<string, string>>> = {
  en: { nobody_home: 'nobody was home', refused: 'the order was refused', wrong_address: 'the address was wrong' },
  // REVIEW: awaits a native speaker.
  rw: { nobody_home: 'nta muntu wari mu rugo', refused: 'komande yanzwe', wrong_address: 'aderesi yari itari yo' },
  fr: { nobody_home: "personne n'était là", refused: 'la commande a été refusée', wrong_address: "l'adresse était fausse" },
};

/** "on its way with Jean (0788 123 456)" when a rider carries it; the rider's code line when there is one. */
const withRider = (f: NoticeFields, words: string) => (f.rider ? `${words} ${f.rider} (${f.riderPhone})` : '');

/** ", to be delivered Today 16:00-18:00": the clause a sentence gains when the order has a window. */
const when = (f: NoticeFields, words: string) => (f.window ? `${words} ${f.window}` : '');

/**
 * Who hears of each event. By SMS: the shopper, at their proven phone or, without one, the order's
 * delivery phone; `door` events also go to the delivery phone when it is another number (the person
 * who opens the door needs to know the order is coming). By e-mail: the shopper, when they have an
 * address. "placed" is e-mail only: every face has just shown the order on the shopper's screen.
 * `whatsapp`: also on WhatsApp to a shopper whose proven phone wrote to the shop there within the
 * last 24 hours (phoneReach).
 */
const AUDIENCE: Readonly<Record<NoticeEvent, { sms: boolean; door: boolean; email: boolean; whatsapp?: boolean }>> = {
  placed: { sms: false, door: false, email: true },
  packed: { sms: true, door: false, email: true, whatsapp: true },
  payment_completed: { sms: true, door: false, email: true },
  payment_failed: { sms: true, door: false, email: true },
  processing: { sms: true, door: false, email: true },
  shipped: { sms: true, door: true, email: true },
  delivered: { sms: true, door: true, email: true },
  not_delivered: { sms: true, door: true, email: true },
  cancelled: { sms: true, door: false, email: true },
  momo_paid: { sms: true, door: false, email: true },
  momo_failed: { sms: true, door: false, email: true },
  momo_unconfirmed: { sms: true, door: false, email: true },
};

const NOTICES: Readonly<Record<Language, Record<NoticeEvent, (f: NoticeFields) => string>>> = {
  en: {
    // How to pay in the shop's one wording (payment-words.ts): what checkout and the confirmation said.
    placed: (f) => `${f.shop}: we received order ${f.number} (${f.amount})${when(f, ', to be delivered')}. Thank you! ${f.byMomo ? MOMO_WORDS.placed : payWords(CASH_WORDS.placed, { total: f.amount, code: f.payCode })}`,
    packed: (f) => `Your order ${f.number} is packed: ${f.amount} to pay${when(f, ', delivery')}.`,
    payment_completed: (f) => `${f.shop}: payment for order ${f.number} (${f.amount}) is confirmed. Thank you!`,
    payment_failed: (f) => `${f.shop}: we could not confirm the payment for order ${f.number}. Pay with MoMo Pay ${f.payCode} or call ${f.phone}.`,
    processing: (f) => `${f.shop}: order ${f.number} is being prepared${when(f, ' for delivery')}.`,
    shipped: (f) =>
      f.code
        ? `${f.shop}: order ${f.number} is on its way${withRider(f, ' with')}${when(f, ',')}. Give the rider code ${f.code} when you receive it, not before. To pay: ${f.amount}.`
        : `${f.shop}: order ${f.number} is on its way to you.`,
    delivered: (f) => `${f.shop}: order ${f.number} was delivered. Thank you for shopping with us!`,
    not_delivered: (f) => `${f.shop}: we could not deliver order ${f.number}: ${f.why}. ${f.window ? `We will bring it ${f.window}.` : 'We will call you to choose a new time.'} To change it, call ${f.phone}.`,
    cancelled: (f) => `${f.shop}: order ${f.number} was cancelled. Questions? Call ${f.phone}.`,
    momo_paid: (f) => `${f.shop}: we received ${f.charged} by MoMo for order ${f.number}. MoMo transaction ${f.transactionId}. Thank you!`,
    momo_failed: (f) => `${f.shop}: the MoMo payment for order ${f.number} failed: ${f.reason}. Pay again from Track orders, or pay ${f.amount} with MoMo Pay code ${f.payCode}.`,
    momo_unconfirmed: (f) => `${f.shop}: MTN MoMo has not answered yet about paying order ${f.number}. If your phone asks for your MoMo PIN, approve it, and do not pay another way. We will text you MTN's answer.`,
  },
  rw: {
    placed: (f) => `${f.shop}: twakiriye komande ${f.number} (${f.amount})${when(f, ', izabagezwaho')}. Murakoze! ${f.byMomo ? 'Emeza kwishyura kuri MoMo igihe telefone yawe ikubajije; turabahamagara ku bijyanye no kubagezaho ibyo mwaguze.' : `Mwishyure ${f.amount} mubigejejweho cyangwa kuri MoMo Pay ${f.payCode}. Turabahamagara mu minota 10.`}`, // REVIEW
    // REVIEW: awaits a native speaker.
    packed: (f) => `Komande yawe ${f.number} yapakiwe: ugomba kwishyura ${f.amount}${when(f, ', izabagezwaho')}.`,
    payment_completed: (f) => `${f.shop}: ubwishyu bwa komande ${f.number} (${f.amount}) bwemejwe. Murakoze!`,
    payment_failed: (f) => `${f.shop}: ntitwabashije kwemeza ubwishyu bwa komande ${f.number}. Ishyura kuri MoMo ${f.payCode} cyangwa uhamagare ${f.phone}.`,
    processing: (f) => `${f.shop}: komande ${f.number} irimo gutegurwa${when(f, ', izabagezwaho')}.`,
    // REVIEW: the rider and code sentences await a native speaker.
    shipped: (f) =>
      f.code
        ? `${f.shop}: komande ${f.number} iri mu nzira${withRider(f, ', izanwa na')}${when(f, ',')}. Ha umumotari kode ${f.code} umaze kwakira ibyo waguze, si mbere. Kwishyura: ${f.amount}.`
        : `${f.shop}: komande ${f.number} iri mu nzira igana iwanyu.`,
    delivered: (f) => `${f.shop}: komande ${f.number} yagejejwe. Murakoze guhahira iwacu!`,
    // REVIEW: awaits a native speaker.
    not_delivered: (f) => `${f.shop}: ntitwabashije kugeza komande ${f.number}: ${f.why}. ${f.window ? `Tuzayizana ${f.window}.` : 'Turabahamagara duhitemo ikindi gihe.'} Kugira ngo uhindure, hamagara ${f.phone}.`,
    cancelled: (f) => `${f.shop}: komande ${f.number} yahagaritswe. Ikibazo? Hamagara ${f.phone}.`,
    momo_paid: (f) => `${f.shop}: twakiriye ${f.charged} kuri MoMo kuri komande ${f.number}. Nimero y'igikorwa cya MoMo ${f.transactionId}. Murakoze!`,
    momo_failed: (f) => `${f.shop}: kwishyura komande ${f.number} kuri MoMo ntibyakunze: ${f.reason}. Ongera wishyure muri Kurikirana komande, cyangwa wishyure ${f.amount} kuri MoMo Pay ${f.payCode}.`,
    // REVIEW: awaits a native speaker.
    momo_unconfirmed: (f) => `${f.shop}: MTN MoMo ntirasubiza ku kwishyura komande ${f.number}. Telefone yawe nikubaza PIN ya MoMo, yemeze, kandi ntiwishyure ukundi. Tuzakoherereza igisubizo cya MTN.`,
  },
  fr: {
    placed: (f) => `${f.shop} : nous avons reçu la commande ${f.number} (${f.amount})${when(f, ', livrée')}. Merci ! ${f.byMomo ? 'Approuvez le paiement MoMo quand votre téléphone le demande ; nous vous appellerons pour la livraison.' : `Payez ${f.amount} à la livraison ou par MoMo Pay ${f.payCode}. Nous vous appelons dans les 10 minutes.`}`,
    packed: (f) => `Votre commande ${f.number} est prête : ${f.amount} à payer${when(f, ', livrée')}.`,
    payment_completed: (f) => `${f.shop} : le paiement de la commande ${f.number} (${f.amount}) est confirmé. Merci !`,
    payment_failed: (f) => `${f.shop} : nous n'avons pas pu confirmer le paiement de la commande ${f.number}. Payez par MoMo au ${f.payCode} ou appelez le ${f.phone}.`,
    processing: (f) => `${f.shop} : la commande ${f.number} est en préparation${when(f, ' pour une livraison')}.`,
    shipped: (f) =>
      f.code
        ? `${f.shop} : la commande ${f.number} est en route${withRider(f, ' avec')}${when(f, ',')}. Donnez au livreur le code ${f.code} quand vous la recevez, pas avant. À payer : ${f.amount}.`
        : `${f.shop} : la commande ${f.number} est en route.`,
    delivered: (f) => `${f.shop} : la commande ${f.number} a été livrée. Merci !`,
    not_delivered: (f) => `${f.shop} : nous n'avons pas pu livrer la commande ${f.number} : ${f.why}. ${f.window ? `Nous la livrerons ${f.window}.` : 'Nous vous appellerons pour choisir un autre moment.'} Pour changer, appelez le ${f.phone}.`,
    cancelled: (f) => `${f.shop} : la commande ${f.number} a été annulée. Une question ? Appelez le ${f.phone}.`,
    momo_paid: (f) => `${f.shop} : nous avons reçu ${f.charged} par MoMo pour la commande ${f.number}. Transaction MoMo ${f.transactionId}. Merci !`,
    momo_failed: (f) => `${f.shop} : le paiement MoMo de la commande ${f.number} a échoué : ${f.reason}. Payez à nouveau depuis Suivre mes commandes, ou payez ${f.amount} par MoMo Pay au ${f.payCode}.`,
    momo_unconfirmed: (f) => `${f.shop} : MTN MoMo n'a pas encore répondu pour le paiement de la commande ${f.number}. Si votre téléphone demande votre code PIN MoMo, approuvez, et ne payez pas autrement. Nous vous enverrons la réponse de MTN.`,
  },
};

/** The words around the sentence in an e-mail. */
const EMAIL_WORDS: Readonly<Record<Language, { hello: (name: string) => string; order: string; total: string; fee: string; refused: string; deliverTo: string; window: string; momo: string; questions: (phone: string, email: string) => string; receipt: string; paid: Record<PaymentMethod, string>; stillToPay: string; print: string }>> = {
  en: {
    hello: (name) => `Hello ${name},`,
    order: 'Order',
    total: 'Total',
    fee: 'Delivery',
    refused: 'refused',
    deliverTo: 'Delivery to',
    window: 'Delivery window',
    momo: 'MoMo transaction',
    questions: (phone, email) => `Questions? Call ${phone} or write to ${email}.`,
    receipt: 'Receipt',
    paid: { cash: 'Paid in cash', momo: 'Paid by MoMo', pay_code: 'Paid with the MoMo Pay code', shop_cash: 'Paid in cash at the shop' },
    stillToPay: 'Still to pay',
    print: 'Your receipt, to print or keep',
  },
  rw: {
    hello: (name) => `Muraho ${name},`,
    order: 'Komande',
    total: 'Igiteranyo',
    fee: 'Kugeza', // REVIEW
    refused: 'byanzwe', // REVIEW
    deliverTo: 'Aho bizagezwa',
    window: 'Igihe bizagezwa', // REVIEW
    momo: 'Igikorwa cya MoMo',
    questions: (phone, email) => `Ikibazo? Hamagara ${phone} cyangwa wandikire ${email}.`,
    // REVIEW: the receipt's words await a native speaker.
    receipt: 'Inyemezabwishyu',
    paid: { cash: 'Yishyuwe mu mafaranga', momo: 'Yishyuwe na MoMo', pay_code: 'Yishyuwe kuri kode ya MoMo Pay', shop_cash: 'Yishyuwe mu mafaranga ku iduka' },
    stillToPay: 'Ibisigaye kwishyurwa',
    print: 'Inyemezabwishyu yawe, yo gucapa cyangwa kubika',
  },
  fr: {
    hello: (name) => `Bonjour ${name},`,
    order: 'Commande',
    total: 'Total',
    fee: 'Livraison',
    refused: 'refusé',
    deliverTo: 'Livraison à',
    window: 'Créneau de livraison',
    momo: 'Transaction MoMo',
    questions: (phone, email) => `Une question ? Appelez le ${phone} ou écrivez à ${email}.`,
    receipt: 'Reçu',
    paid: { cash: 'Payé en espèces', momo: 'Payé par MoMo', pay_code: 'Payé avec le code MoMo Pay', shop_cash: 'Payé en espèces au magasin' },
    stillToPay: 'Reste à payer',
    print: 'Votre reçu, à imprimer ou à garder',
  },
};

function noticeText(language: Language, event: NoticeEvent, fields: NoticeFields): string {
  return NOTICES[language][event](fields);
}

/** An e-mail's subject: the notice's first sentence ("Isoko: order AB12CD34 was delivered"). */
function subjectOf(text: string): string {
  const end = /[.!?](\s|$)/.exec(text);
  return end ? text.slice(0, end.index) : text;
}

interface OrderForNotice {
  id: string;
  /** What the shopper owes in all (order-amounts.schema.ts), and the delivery fee when known. */
  amountMinor: number;
  feeMinor: number | null;
  address: OrderAddressSnapshot;
  momoTransactionId: string | null;
  paymentFailureReason: string | null;
  byMomo: boolean;
  window: { start: Date; end: Date } | null;
  lines: { name: string; quantity: number; unit: string; subtotalMinor: number; refused: number }[];
  shopper: { fullName: string; email: string | null; provenPhone: string | null };
}

async function loadOrder(deps: ShopDeps, orderId: string): Promise<OrderForNotice | undefined> {
  const row = await deps.db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select(['orders.id', 'orders.amount_minor', 'orders.final_amount_minor', 'orders.refused_minor', 'orders.delivery_fee_minor', 'orders.paid_minor', 'orders.address', 'orders.momo_transaction_id', 'orders.payment_failure_reason', 'orders.payment_type', 'orders.delivery_window_start', 'orders.delivery_window_end', 'users.full_name', 'users.email', 'users.phone_number'])
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
  if (!row) return undefined;
  const lines = await deps.db
    .selectFrom('order_lines')
    .select(['product_name', 'quantity', 'unit', 'subtotal_minor', 'refused_quantity', 'packed_quantity', 'final_subtotal_minor', 'substitute_name'])
    .where('order_id', '=', orderId)
    .orderBy('position')
    .execute();
  return {
    id: row.id,
    // What the shopper pays: the packed amount once packed, less lines refused at the door, and the fee.
    amountMinor: amountToCollectMinor(row),
    feeMinor: row.delivery_fee_minor,
    address: (typeof row.address === 'string' ? JSON.parse(row.address) : row.address) as OrderAddressSnapshot,
    momoTransactionId: row.momo_transaction_id,
    paymentFailureReason: row.payment_failure_reason,
    byMomo: row.payment_type === 'momo',
    window: row.delivery_window_start && row.delivery_window_end ? { start: new Date(row.delivery_window_start), end: new Date(row.delivery_window_end) } : null,
    // Once packed, each line as it went in the bag ("ordered 1.5, sent 1.6").
    lines: lines.map((line) => ({
      name: line.substitute_name ? `${line.product_name} -> ${line.substitute_name}` : line.product_name,
      quantity: line.packed_quantity ?? line.quantity,
      unit: line.unit || 'pcs',
      subtotalMinor: line.final_subtotal_minor ?? line.subtotal_minor,
      refused: line.refused_quantity,
    })),
    shopper: { fullName: row.full_name, email: row.email, provenPhone: row.phone_number },
  };
}

/** A number as the outbox and the providers take it (+2507…), or undefined when it is not a phone number. */
export function phoneOrNothing(value: string | null | undefined): string | undefined {
  const phone = value ? normalizePhone(value) : '';
  return /^\+[1-9]\d{7,14}$/.test(phone) ? phone : undefined;
}

/** The phone that hears about an order for the shopper: their proven one, else the order's delivery phone. */
export function shopperPhoneOf(provenPhone: string | null | undefined, deliveryPhone: string | null | undefined): string | undefined {
  return phoneOrNothing(provenPhone) ?? phoneOrNothing(deliveryPhone);
}

/** The phones a notice goes to: the shopper's (shopperPhoneOf), and the door's when it is another. */
export function smsRecipients(event: NoticeEvent, provenPhone: string | null, deliveryPhone: string | null | undefined): string[] {
  if (!AUDIENCE[event].sms) return [];
  const door = phoneOrNothing(deliveryPhone);
  const shopper = shopperPhoneOf(provenPhone, deliveryPhone);
  const phones = [shopper, AUDIENCE[event].door ? door : undefined].filter((phone): phone is string => Boolean(phone));
  return [...new Set(phones)];
}

/**
 * Whether a notice of `event` has anyone to go to, for a shopper with this e-mail address (or none):
 * a placed order is told by e-mail only, so a shopper known only by phone (a first USSD order) gets
 * none, and the order need not be read back to find that out.
 */
export function noticeHasReaders(event: NoticeEvent, shopperEmail: string | null | undefined): boolean {
  return AUDIENCE[event].sms || (AUDIENCE[event].email && Boolean(shopperEmail));
}

/**
 * How long after a shopper's last WhatsApp message the Cloud API takes a free-form message. After
 * that Meta refuses anything but an approved template, which the shop does not send
 * (docs/conversation.md): the shopper is then told by SMS only.
 */
const WHATSAPP_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Where a phone can be told things now: its language, and whether WhatsApp's 24-hour window is open for it. */
export async function phoneReach(deps: ShopDeps, phone: string): Promise<{ language: Language; whatsapp: boolean }> {
  const row = await deps.db.selectFrom('conversation_phones').select(['language', 'last_session_id', 'last_seen_at']).where('phone_number', '=', normalizePhone(phone)).executeTakeFirst();
  const wroteLately = row ? nowOf(deps).getTime() - new Date(row.last_seen_at).getTime() < WHATSAPP_WINDOW_MS : false;
  return { language: languageOr(row?.language), whatsapp: Boolean(deps.config.whatsapp) && Boolean(row?.last_session_id?.startsWith('whatsapp:')) && wroteLately };
}

/** The language each phone chose on USSD, chat or WhatsApp; English for the others. */
async function languagesOf(deps: ShopDeps, phones: string[]): Promise<Map<string, Language>> {
  const rows = phones.length ? await deps.db.selectFrom('conversation_phones').select(['phone_number', 'language']).where('phone_number', 'in', phones).execute() : [];
  const languages = new Map<string, Language>();
  for (const row of rows) languages.set(row.phone_number, languageOr(row.language));
  return languages;
}

/**
 * A delivered order's e-mail carries its receipt (receipt.service.ts): the invoice number, each payment
 * and how it was made, what is still owed, and the printable page's address where the shop has one.
 */
function receiptLines(language: Language, receipt: Receipt | undefined, deps: ShopDeps): string[] {
  if (!receipt) return [];
  const words = EMAIL_WORDS[language];
  const toMinor = (frw: number) => Math.round(frw * 100);
  return [
    `${words.receipt} ${receipt.invoiceNumber}`,
    ...receipt.payments.map((payment) => `${words.paid[payment.method]}: ${formatFrw(toMinor(payment.amount))}${payment.reference ? ` (${words.momo} ${payment.reference})` : ''}`),
    ...(receipt.balance > 0 ? [`${words.stillToPay}: ${formatFrw(toMinor(receipt.balance))}`] : []),
    ...(deps.config.publicBaseUrl ? [`${words.print}: ${deps.config.publicBaseUrl}/receipt/${receipt.orderId}`] : []),
  ];
}

function emailBody(language: Language, order: OrderForNotice, sentence: string, deps: ShopDeps, window: string, receipt?: Receipt): string {
  const words = EMAIL_WORDS[language];
  const { shop } = deps.config;
  const address = order.address;
  const lines = order.lines.map((line) => `  ${line.quantity} ${line.unit} ${line.name}: ${formatFrw(line.subtotalMinor)}${line.refused ? ` (${line.refused} ${words.refused})` : ''}`);
  return [
    words.hello(order.shopper.fullName),
    '',
    sentence,
    '',
    `${words.order} ${orderNumber(order.id)}`,
    ...lines,
    ...(order.feeMinor !== null ? [`${words.fee}: ${formatFrw(order.feeMinor)}`] : []),
    `${words.total}: ${formatFrw(order.amountMinor)}`,
    ...(receipt ? receiptLines(language, receipt, deps) : order.momoTransactionId ? [`${words.momo}: ${order.momoTransactionId}`] : []),
    ...(window ? [`${words.window}: ${window}`] : []),
    `${words.deliverTo}: ${[address.description, address.street, address.district, address.city].filter(Boolean).join(', ')} (${localPhone(address.phoneNumber)})`,
    '',
    words.questions(shop.supportPhone, shop.supportEmail),
    shop.shopName,
  ].join('\n');
}

/**
 * Tells the right people that `event` happened to the order: by SMS and by e-mail, as AUDIENCE says,
 * each in the language its phone chose. Never throws: the change it reports stands whatever happens
 * here. Callers that answer a request run it in the background (runInBackground).
 */
export async function notifyOrder(deps: ShopDeps, orderId: string, event: NoticeEvent, extras: NoticeExtras = {}): Promise<void> {
  try {
    const order = await loadOrder(deps, orderId);
    if (!order) throw new Error('order not found');
    const phones = smsRecipients(event, order.shopper.provenPhone, order.address.phoneNumber);
    const shopperPhone = phoneOrNothing(order.shopper.provenPhone);
    const languages = await languagesOf(deps, [...phones, ...(shopperPhone ? [shopperPhone] : [])]);
    const { shop } = deps.config;
    const number = orderNumber(order.id);
    const amount = formatFrw(order.amountMinor);
    const fields: NoticeFields = {
      shop: shop.shopName,
      number,
      amount,
      payCode: shop.payCode,
      phone: shop.supportPhone,
      transactionId: order.momoTransactionId ?? '',
      charged: extras.charged ?? amount,
      reason: order.paymentFailureReason ?? '',
      window: '',
      byMomo: order.byMomo,
      rider: extras.rider ?? '',
      riderPhone: extras.riderPhone ? localPhone(extras.riderPhone) : '',
      code: extras.code ?? '',
      why: extras.why ?? '',
    };
    // The window as seen now ("Tomorrow"), in each reader's words.
    const now = nowOf(deps);
    const fieldsIn = (language: Language): NoticeFields => ({
      ...fields,
      reason: reasonIn(language, fields.reason),
      why: FAILURE_WORDS[language][fields.why] ?? fields.why,
      window: order.window && extras.windowKnown !== false ? windowLabel(order.window, now, windowWords(language)) : '',
    });
    const kind = event.startsWith('payment') || event.startsWith('momo') ? 'payment' : event === 'placed' ? 'order_placed' : 'order_status';
    const sends = phones.map((phone) =>
      deps.notifier.send({ channel: 'sms', recipient: phone, subject: `Order ${number}`, body: noticeText(languages.get(phone) ?? 'en', event, fieldsIn(languages.get(phone) ?? 'en')), kind }),
    );
    const onWhatsApp = AUDIENCE[event].whatsapp && shopperPhone ? await phoneReach(deps, shopperPhone) : undefined;
    if (shopperPhone && onWhatsApp?.whatsapp) {
      sends.push(deps.notifier.send({ channel: 'whatsapp', recipient: shopperPhone, subject: `Order ${number}`, body: noticeText(onWhatsApp.language, event, fieldsIn(onWhatsApp.language)), kind }));
    }
    if (AUDIENCE[event].email && order.shopper.email) {
      const language = (shopperPhone && languages.get(shopperPhone)) || 'en';
      const sentence = noticeText(language, event, fieldsIn(language));
      const receipt = event === 'delivered' ? await receiptOfOrder(deps, order.id).catch(() => undefined) : undefined;
      sends.push(deps.notifier.send({ channel: 'email', recipient: order.shopper.email, subject: subjectOf(sentence), body: emailBody(language, order, sentence, deps, fieldsIn(language).window, receipt), kind }));
    }
    const failed = (await Promise.allSettled(sends)).filter((result) => result.status === 'rejected');
    if (failed.length) throw (failed[0] as PromiseRejectedResult).reason;
  } catch (error) {
    deps.log.warn('order_notice_failed', { orderId, event, reason: error instanceof Error ? error.message : String(error) });
  }
}
