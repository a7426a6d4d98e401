// The lists an order's fields take their values from, each written once with its type (and the
// names staff read, where the console shows them). Plain constants, no zod: the staff console's
// first load imports them without carrying zod (26 KB gzipped) for a table of names.
export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_STATUSES = ['pending', 'completed', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** Where an order was placed; 'basket': by the shop, for a shopper's weekly basket. */
export const ORDER_CHANNELS = ['web', 'chat', 'ussd', 'whatsapp', 'basket'] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];
/** Each channel as staff read it. */
export const ORDER_CHANNEL_NAMES: Record<OrderChannel, string> = { web: 'Web', chat: 'Chat', ussd: 'USSD', whatsapp: 'WhatsApp', basket: 'Weekly basket' };
/** cash: cash on delivery, paid with the MoMo Pay code and confirmed by staff; momo: MTN MoMo request-to-pay. */
export const PAYMENT_TYPES = ['cash', 'momo'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
/**
 * The latest MoMo request-to-pay of an order: waiting for the payer's PIN; unconfirmed (MTN's answer
 * to the request never came, so MTN may hold it and the phone may still ask; the shop keeps asking
 * MTN); successful; failed (MTN said so, or MTN never had it).
 */
export const MOMO_STATES = ['waiting', 'unconfirmed', 'successful', 'failed'] as const;

/**
 * The one rule of whether MTN may still charge the shopper for an order's latest request: it waits
 * for the PIN, or MTN has not answered yet. Meanwhile every face says to approve on the phone or
 * wait (never to pay another way), no new request is made, staff take no payment by hand and the
 * shop cancels nothing; the MoMo Pay code is offered only once MTN has said the request ended.
 */
export function mtnMayStillCharge(state: string | null | undefined): boolean {
  return state === 'waiting' || state === 'unconfirmed';
}

/**
 * How a payment for an order was taken: MoMo request-to-pay; the MoMo Pay code (confirmed by staff
 * with MTN's transaction id); cash to the rider at the door; cash at the shop, counted by staff.
 */
export const PAYMENT_METHODS = ['momo', 'pay_code', 'cash', 'shop_cash'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Why a rider could not deliver an order: the order is offered a new window and the shopper told. */
export const DELIVERY_FAILURES = ['nobody_home', 'refused', 'wrong_address'] as const;
export type DeliveryFailure = (typeof DELIVERY_FAILURES)[number];

/** The steps of an order's way to the door, as every face's timeline shows them beside the status. */
export const TIMELINE_STEPS = ['placed', 'packed', 'on_the_way', 'delivered', 'not_delivered', 'cancelled'] as const;

/** A shopper's answer to a proposed substitute: asked (waiting), accepted, refused, or timed out (their preference applied). */
export const SUBSTITUTE_ANSWERS = ['asked', 'accepted', 'refused', 'timed_out'] as const;
