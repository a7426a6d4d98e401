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
 * The latest MoMo request-to-pay of an order: waiting for the payer's PIN; unconfirmed (MTN did not
 * answer, so the shopper was told to pay with the code; the shop keeps asking MTN); successful; failed.
 */
export const MOMO_STATES = ['waiting', 'unconfirmed', 'successful', 'failed'] as const;
