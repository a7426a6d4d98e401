// Riders' cash as the console and the rider app read it: each rider's ledger (cash collected per
// order, handovers counted by staff and confirmed with the rider's code, the difference and why),
// and the day per rider. Plain zod: the console imports it.
import { z } from 'zod';

const frw = (label: string) =>
  z
    .number({ error: `${label} is a number of frw` })
    .min(0, `${label} cannot be negative`)
    .max(100_000_000, `${label} is too large`)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, `${label} has at most 2 decimals`);

/** POST /admin/riders/{id}/handover: the cash staff counted from the rider; a note says why it differs from what they hold. */
export const handoverSchema = z.object({
  amount: frw('The amount counted'),
  note: z
    .string()
    .trim()
    .max(500, 'A note must be at most 500 characters')
    .optional()
    .transform((value) => value || undefined),
});
export type HandoverInput = z.infer<typeof handoverSchema>;

/** POST /admin/riders/{id}/handover/{handoverId}/confirm: the code the rider was sent. */
export const confirmHandoverSchema = z.object({
  code: z
    .string({ error: "Enter the 6-digit code the rider received" })
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code the rider received"),
});

export const HANDOVER_STATES = ['waiting', 'confirmed', 'cancelled', 'expired'] as const;

/** A handover: what staff counted, what the rider held, the difference (missing when positive) and why. */
export const handoverShape = z.object({
  _id: z.string(),
  counted: z.number(),
  expected: z.number().describe('What the rider held when counted (confirmed: when confirmed)'),
  variance: z.number().describe('expected - counted: missing when positive, over when negative'),
  note: z.string().nullable(),
  state: z.enum(HANDOVER_STATES),
  countedBy: z.string(),
  at: z.string(),
  expiresAt: z.string(),
});
export type Handover = z.infer<typeof handoverShape>;

export const LEDGER_KINDS = ['collected', 'handover'] as const;

/** One line of a rider's ledger: cash collected for an order, or a handover with its difference. */
export const ledgerEntryShape = z.object({
  _id: z.string(),
  kind: z.enum(LEDGER_KINDS),
  at: z.string(),
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  amount: z.number().describe('collected: the cash taken; handover: what staff counted'),
  expected: z.number().nullable(),
  variance: z.number(),
  note: z.string().nullable(),
  by: z.string().nullable(),
});
export type LedgerEntry = z.infer<typeof ledgerEntryShape>;

/** A rider's cash now. `unexplained` is the variance no note explains: it is 0 when the ledger balances. */
export const cashSummaryShape = z.object({
  cashInHand: z.number(),
  variance: z.number(),
  unexplained: z.number(),
});
export type CashSummary = z.infer<typeof cashSummaryShape>;

/** GET /admin/riders/{id}/ledger: newest first. */
export const ledgerReplySchema = z.object({
  success: z.literal(true),
  rider: z.object({ _id: z.string(), fullName: z.string(), phoneNumber: z.string().nullable() }),
  cash: cashSummaryShape,
  pendingHandover: handoverShape.nullable(),
  entries: z.array(ledgerEntryShape),
});
export type LedgerReply = z.infer<typeof ledgerReplySchema>;

export const handoverReplySchema = z.object({ success: z.literal(true), message: z.string(), handover: handoverShape, cash: cashSummaryShape });

/** GET /admin/cash/day?date=YYYY-MM-DD (Kigali; today when left out). */
export const cashDayQuerySchema = z.object({
  date: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'The date is YYYY-MM-DD')
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'The date is YYYY-MM-DD')
    .optional(),
});

/** One rider's day (or the shop's, in `totals`): every frw expected is collected, outstanding or a refund. */
export const cashDayRowShape = z.object({
  riderId: z.string().nullable(),
  rider: z.string(),
  delivered: z.number().int(),
  notDelivered: z.number().int(),
  expected: z.number().describe('What the orders delivered that day owed: goods less refused lines, plus fees'),
  cash: z.number(),
  momo: z.number(),
  payCode: z.number(),
  shopCash: z.number(),
  outstanding: z.number().describe('Still owed on those orders (a pay code staff have not confirmed, a MoMo request not yet approved)'),
  refunds: z.number().describe('Paid beyond what is owed (lines refused after paying): to refund'),
  fees: z.number(),
  refused: z.number(),
  handedOver: z.number(),
  variance: z.number(),
  unexplained: z.number(),
  cashInHand: z.number(),
});
export type CashDayRow = z.infer<typeof cashDayRowShape>;

export const cashDayReplySchema = z.object({
  success: z.literal(true),
  date: z.string(),
  riders: z.array(cashDayRowShape),
  totals: cashDayRowShape,
});
export type CashDayReply = z.infer<typeof cashDayReplySchema>;
