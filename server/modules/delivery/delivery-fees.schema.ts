// The delivery fee as every face reads it: 'negotiable' (agreed with the rider at the door, the
// shop's first way, docs/product.md section 1) or a table of rates by district, sector and order size
// with a free-delivery threshold. feeFor is the one rule that turns the table, a place and an order's
// size into a fee; the server charges by it and the storefront quotes by it, so the two never differ.
// Plain zod: the storefront, the console and the conversation import it.
import { z } from 'zod';
import { toFrw, toMinor } from '../../lib/money';

export const FEE_MODES = ['negotiable', 'table'] as const;
export type FeeMode = (typeof FEE_MODES)[number];

/** Where an order goes, as the fee table reads it: the district, and the sector when the address has one. */
export interface Place {
  district: string;
  sector?: string | null;
}

/** A rate in minor units: the fee to a district (or one of its sectors) for orders of at least `fromMinor`. */
export interface FeeRateMinor {
  district: string;
  sector: string | null;
  fromMinor: number;
  feeMinor: number;
}

/** The fee setting in minor units, as the server keeps it. */
export interface FeeTableMinor {
  mode: FeeMode;
  rates: readonly FeeRateMinor[];
  freeFromMinor: number | null;
}

/** What an order pays for delivery: agreed at the door, or a fixed fee (0 when the order is over the free-delivery threshold). */
export type FeeQuote = { mode: 'negotiable' } | { mode: 'fixed'; feeMinor: number; free: boolean };

const same = (a: string | null | undefined, b: string | null | undefined) => (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

/**
 * The fee for an order of `subtotalMinor` to `place`. A rate for the place's sector wins over the
 * district's own rates; among those, the one for the largest order size the order reaches. An order
 * at or over the free-delivery threshold pays nothing. A place the table has no rate for (a district
 * the shop has not priced) is negotiable, as before there was a table: the shopper is never refused.
 */
export function feeFor(table: FeeTableMinor, place: Place, subtotalMinor: number): FeeQuote {
  if (table.mode === 'negotiable') return { mode: 'negotiable' };
  if (table.freeFromMinor !== null && subtotalMinor >= table.freeFromMinor) return { mode: 'fixed', feeMinor: 0, free: true };
  const inDistrict = table.rates.filter((rate) => same(rate.district, place.district));
  const inSector = place.sector ? inDistrict.filter((rate) => rate.sector && same(rate.sector, place.sector)) : [];
  const candidates = (inSector.length ? inSector : inDistrict.filter((rate) => !rate.sector)).filter((rate) => rate.fromMinor <= subtotalMinor);
  if (!candidates.length) return { mode: 'negotiable' };
  const rate = candidates.reduce((best, next) => (next.fromMinor > best.fromMinor ? next : best));
  return { mode: 'fixed', feeMinor: rate.feeMinor, free: rate.feeMinor === 0 };
}

/** The fee in minor units an order stores: null while negotiable (agreed at the door). */
export const feeMinorOf = (quote: FeeQuote): number | null => (quote.mode === 'fixed' ? quote.feeMinor : null);

const MAX_FEE_FRW = 100_000;
const money = (label: string, max: number) =>
  z
    .number({ error: `${label} is a number of frw` })
    .min(0, `${label} cannot be negative`)
    .max(max, `${label} must be at most frw ${max.toLocaleString('en-US')}`)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, `${label} has at most 2 decimals`);

const placeName = (label: string) => z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(60, `${label} must be at most 60 characters`);

/** A rate as the API speaks it (frw). `sector` left out or empty: the whole district. */
export const feeRateSchema = z.object({
  district: placeName('District'),
  sector: z
    .string()
    .trim()
    .max(60, 'Sector must be at most 60 characters')
    .nullish()
    .transform((value) => value || null),
  from: money('Order size', 10_000_000).default(0).describe('The rate applies to orders of at least this many frw'),
  fee: money('Fee', MAX_FEE_FRW),
});

/** PUT /admin/delivery/fees, and what GET /delivery/fees answers. */
export const deliveryFeesSchema = z
  .object({
    mode: z.enum(FEE_MODES, { error: 'Choose negotiable or a fee table' }),
    rates: z.array(feeRateSchema).max(300, 'At most 300 rates').default([]),
    freeFrom: money('Free delivery from', 10_000_000).nullish().transform((value) => value ?? null).describe('Orders of at least this many frw are delivered free; null: never free'),
  })
  .superRefine((value, ctx) => {
    if (value.mode === 'table' && !value.rates.length) ctx.addIssue({ code: 'custom', path: ['rates'], message: 'Add at least one rate to charge by the table' });
    const seen = new Set<string>();
    value.rates.forEach((rate, index) => {
      const key = [rate.district, rate.sector ?? '', rate.from].map((part) => String(part).toLowerCase()).join('|');
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['rates', index], message: `Two rates for ${rate.sector ? `${rate.sector}, ` : ''}${rate.district} from frw ${rate.from}` });
      seen.add(key);
    });
  });
export type DeliveryFees = z.infer<typeof deliveryFeesSchema>;

/** The setting as answers give it. */
export const deliveryFeesShape = z.object({
  mode: z.enum(FEE_MODES),
  rates: z.array(z.object({ district: z.string(), sector: z.string().nullable(), from: z.number(), fee: z.number() })),
  freeFrom: z.number().nullable(),
});

/** GET /delivery/fees (any visitor) and PUT /admin/delivery/fees. */
export const deliveryFeesReplySchema = z.object({ success: z.boolean(), message: z.string().optional(), fees: deliveryFeesShape, updatedAt: z.string() });
export type DeliveryFeesReply = z.infer<typeof deliveryFeesReplySchema>;

/** The API's frw setting in minor units (the storefront quotes from what GET /delivery/fees gave it). */
export function feeTableOf(fees: Pick<DeliveryFees, 'mode' | 'rates' | 'freeFrom'>): FeeTableMinor {
  return {
    mode: fees.mode,
    rates: fees.rates.map((rate) => ({ district: rate.district, sector: rate.sector ?? null, fromMinor: toMinor(rate.from ?? 0), feeMinor: toMinor(rate.fee) })),
    freeFromMinor: fees.freeFrom === null || fees.freeFrom === undefined ? null : toMinor(fees.freeFrom),
  };
}

/** The minor-unit setting in the API's frw. */
export function feesReply(table: FeeTableMinor): z.infer<typeof deliveryFeesShape> {
  return {
    mode: table.mode,
    rates: table.rates.map((rate) => ({ district: rate.district, sector: rate.sector, from: toFrw(rate.fromMinor), fee: toFrw(rate.feeMinor) })),
    freeFrom: table.freeFromMinor === null ? null : toFrw(table.freeFromMinor),
  };
}
