// Riders, their stops, and what happens at the door, as the console and the rider app speak them.
// Plain zod: the console imports it; the rider app imports its types only (its first load carries no zod).
import { z } from 'zod';
import { compactPhone, fullNameField, isPhoneLike } from '../../lib/fields';
import { DELIVERY_FAILURES, ORDER_STATUSES, PAYMENT_STATUSES } from '../orders/order-lists.schema';
import { orderDeliveryWindowSchema } from '../delivery/delivery.schema';

const frw = (label: string, max = 10_000_000) =>
  z
    .number({ error: `${label} is a number of frw` })
    .min(0, `${label} cannot be negative`)
    .max(max, `${label} must be at most frw ${max.toLocaleString('en-US')}`)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, `${label} has at most 2 decimals`);

const note = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `A note must be at most ${max} characters`)
    .optional()
    .transform((value) => value || undefined);

// ---------------------------------------------------------------- riders (console)

/** POST /admin/riders: the rider's phone, a name when no account has the number yet, and an optional cash limit. */
export const addRiderSchema = z.object({
  phoneNumber: z
    .string({ error: 'Phone number is required' })
    .trim()
    .min(1, 'Phone number is required')
    .refine((value) => isPhoneLike(value), 'Invalid phone number format')
    .transform(compactPhone),
  fullName: fullNameField.optional(),
  cashLimit: frw('The cash limit').nullish().transform((value) => value ?? null).describe('frw; null or left out: no limit'),
});
export type AddRiderInput = z.infer<typeof addRiderSchema>;

/** A stop in a rider's round, as the console lists it. */
export const stopSummaryShape = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  position: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  window: orderDeliveryWindowSchema.nullable(),
  place: z.string(),
  amountDue: z.number(),
  pickedUp: z.boolean(),
});
export type StopSummary = z.infer<typeof stopSummaryShape>;

export const riderShape = z.object({
  _id: z.string().describe("The rider's account id (riderId)"),
  fullName: z.string(),
  phoneNumber: z.string().nullable(),
  cashLimit: z.number().nullable(),
  cashInHand: z.number(),
  variance: z.number(),
  /** Cash in hand has reached the limit: no new cash orders until a handover. */
  atCashLimit: z.boolean(),
  stops: z.array(stopSummaryShape),
});
export type Rider = z.infer<typeof riderShape>;

export const ridersReplySchema = z.object({ success: z.literal(true), riders: z.array(riderShape) });
export const riderReplySchema = z.object({ success: z.literal(true), message: z.string(), rider: riderShape });

/** PUT /admin/orders/{id}/rider: the rider to carry the order, or null to take it off every rider. */
export const assignRiderSchema = z.object({
  riderId: z.string({ error: 'Choose a rider' }).trim().min(1, 'Choose a rider').max(64).nullable(),
});

/** PUT /admin/riders/{id}/stops: the rider's open stops in the order they are to be delivered. */
export const orderStopsSchema = z.object({
  orderIds: z.array(z.string().trim().min(1).max(64), { error: 'List the order ids in delivery order' }).min(1, 'List the order ids in delivery order').max(200),
});

/** POST /admin/dispatch/share-out: a window's unassigned packed orders shared among riders (all of them when none are named). */
export const shareOutSchema = z.object({
  windowId: z.string({ error: 'Choose a window' }).trim().min(1, 'Choose a window').max(40),
  riderIds: z.array(z.string().trim().min(1).max(64)).max(100).optional(),
});

/** An order on the Dispatch page: where it goes, what it owes, who carries it. */
export const dispatchOrderShape = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  district: z.string(),
  sector: z.string().nullable(),
  street: z.string(),
  landmark: z.string(),
  customer: z.object({ fullName: z.string(), phoneNumber: z.string() }),
  items: z.number().int(),
  amountDue: z.number(),
  riderId: z.string().nullable(),
  position: z.number().int().nullable(),
});
export type DispatchOrder = z.infer<typeof dispatchOrderShape>;

export const dispatchWindowShape = z.object({
  id: z.string(),
  label: z.string(),
  start: z.string(),
  end: z.string(),
  /** Packed orders (ready to go) and those already with a rider, by district then sector then street. */
  orders: z.array(dispatchOrderShape),
  /** Orders of the window not packed yet (pending). */
  notPacked: z.number().int(),
});

/** GET /admin/dispatch?date=: the day's windows with their packed orders, and the riders. */
export const dispatchQuerySchema = z.object({
  date: z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, 'The date is YYYY-MM-DD').optional(),
});
export const dispatchReplySchema = z.object({
  success: z.literal(true),
  date: z.string(),
  windows: z.array(dispatchWindowShape),
  riders: z.array(riderShape),
});
export type DispatchReply = z.infer<typeof dispatchReplySchema>;

export const shareOutReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  assigned: z.array(z.object({ orderId: z.string(), orderNumber: z.string(), riderId: z.string() })),
  /** Orders no rider could take, and why (every rider at their cash limit). */
  left: z.array(z.object({ orderId: z.string(), orderNumber: z.string(), reason: z.string() })),
});

// ---------------------------------------------------------------- at the door

export const COLLECTED_METHODS = ['cash', 'momo', 'paid'] as const;

export const collectedSchema = z.object({
  method: z.enum(COLLECTED_METHODS, { error: 'Say how it was paid: cash, momo or paid' }),
  amount: frw('The amount collected').optional().describe('cash: the cash taken, which must be the amount due'),
  payerPhone: z.string().trim().max(20).optional().describe('momo: the number asked to pay (the delivery phone when left out)'),
});

export const refusedLinesSchema = z
  .array(
    z.object({
      productId: z.string({ error: 'Name the refused line by its productId' }).trim().min(1).max(64),
      // A weighed line may be refused in part (0.5 kg); whole items are checked against the line's unit.
      quantity: z
        .number({ error: 'How many were refused?' })
        .positive('More than 0')
        .max(10_000)
        .refine((value) => Number.isInteger(Math.round(value * 1000)) && Math.abs(value * 1000 - Math.round(value * 1000)) < 1e-6, 'At most three decimals'),
    }),
  )
  .max(100)
  .default([]);

/** POST /rider/orders/{id}/delivered */
export const deliveredSchema = z.object({
  code: z
    .string({ error: "Enter the shopper's 4-digit code" })
    .trim()
    .regex(/^\d{4}$/, "Enter the shopper's 4-digit code"),
  collected: collectedSchema,
  fee: frw('The fee', 100_000).optional().describe('The fee agreed at the door, for an order whose fee is negotiable'),
  refusedLines: refusedLinesSchema,
});
export type DeliveredInput = z.infer<typeof deliveredSchema>;

/** POST /rider/orders/{id}/not-delivered */
export const notDeliveredSchema = z.object({
  reason: z.enum(DELIVERY_FAILURES, { error: 'Say why: nobody_home, refused or wrong_address' }),
  note: note(300),
});
export type NotDeliveredInput = z.infer<typeof notDeliveredSchema>;

/** POST /admin/orders/{id}/delivery: staff record a delivery without the shopper's code, saying why. */
export const staffDeliverySchema = z.object({
  reason: z.string({ error: 'Say why the code is not used' }).trim().min(3, 'Say why the code is not used').max(500, 'A reason must be at most 500 characters'),
  collected: collectedSchema,
  fee: frw('The fee', 100_000).optional(),
  refusedLines: refusedLinesSchema,
});
export type StaffDeliveryInput = z.infer<typeof staffDeliverySchema>;

export const doorReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
});
export type DoorReply = z.infer<typeof doorReplySchema>;

// ---------------------------------------------------------------- the rider app

/** A stop as the rider's phone shows it: where, who to call, what to hand over and what to collect. Never the shopper's code. */
export const riderStopShape = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  position: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  window: orderDeliveryWindowSchema.nullable(),
  address: z.object({ street: z.string(), district: z.string(), sector: z.string().nullable(), city: z.string(), landmark: z.string() }),
  customer: z.object({ fullName: z.string(), phoneNumber: z.string() }),
  /** As packed once the order is packed (what is in the bag; a substitute by its own name); as ordered until then. */
  lines: z.array(z.object({ productId: z.string(), name: z.string(), quantity: z.number(), unit: z.string(), price: z.number(), subtotal: z.number() })),
  total: z.number(),
  paid: z.number(),
  amountDue: z.number(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  /** The fee is agreed at the door: the rider records it. */
  feeNegotiable: z.boolean(),
  deliveryFee: z.number().nullable(),
  /** Five wrong codes: only staff can record the delivery now. */
  codeLocked: z.boolean(),
  codeTriesLeft: z.number().int(),
});
export type RiderStop = z.infer<typeof riderStopShape>;

export const riderStopsReplySchema = z.object({
  success: z.literal(true),
  rider: z.object({ _id: z.string(), fullName: z.string() }),
  stops: z.array(riderStopShape),
  cash: z.object({ cashInHand: z.number(), cashLimit: z.number().nullable() }),
  /** A count staff made of the rider's cash, waiting for the code sent to the rider's phone. */
  pendingHandover: z.object({ counted: z.number(), countedBy: z.string(), expiresAt: z.string() }).nullable(),
  momoRequestToPay: z.boolean(),
});
export type RiderStopsReply = z.infer<typeof riderStopsReplySchema>;
