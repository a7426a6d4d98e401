// Stock as the API speaks it: what a product shows shoppers (low or not, and what is left only when
// low), and what staff send and read in the console (docs/staff-api.md). Plain zod only: the web
// imports this file (the storefront's product shape, the console's forms).
import { z } from 'zod';
import { pageNumber, paginationSchema } from '../../lib/fields';

/**
 * What a product that keeps a count shows every face: whether it is running low, and how many are
 * left only then (a well-stocked product's exact count is the shop's own business).
 */
export const productStockSchema = z.object({
  low: z.boolean(),
  available: z.number().optional().describe('what is left to sell, only when low'),
});

/** Largest count a shop keeps of one product, and the most one change moves. */
export const MAX_STOCK = 1_000_000;
/** A count has at most three decimals (grams of a kilogram); a whole unit has none. */
export const STOCK_DECIMALS = 3;

/** The reasons staff give for a change; orders make the rest (reserved, released, sold). */
export const STAFF_STOCK_REASONS = ['received', 'adjusted', 'spoiled'] as const;
export const STOCK_MOVEMENT_KINDS = [...STAFF_STOCK_REASONS, 'reserved', 'released', 'sold'] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];

const hasAtMostDecimals = (value: number) => Math.abs(value * 10 ** STOCK_DECIMALS - Math.round(value * 10 ** STOCK_DECIMALS)) < 1e-6;

/** A count staff type: a number (or digits as text, as a form sends them), at most three decimals. */
const countField = (label: string) =>
  z
    .union([z.number(), z.string().trim().regex(/^[-+]?\d+(\.\d+)?$/, `${label} must be a number`)], { error: `${label} must be a number` })
    .pipe(
      z.coerce
        .number<string | number>({ error: `${label} must be a number` })
        .refine(Number.isFinite, `${label} must be a number`)
        .refine(hasAtMostDecimals, `${label} may have at most ${STOCK_DECIMALS} decimals`),
    );

const noteField = z
  .string()
  .trim()
  .max(300, 'Note must be at most 300 characters')
  .optional()
  .nullable()
  .transform((value) => value || undefined);

/** POST /api/admin/products/{id}/stock: a change of what is on hand, with its reason. */
export const stockChangeSchema = z
  .object({
    change: countField('Change')
      .refine((value) => value !== 0, 'Change cannot be 0')
      .refine((value) => Math.abs(value) <= MAX_STOCK, `Change must be at most ${MAX_STOCK.toLocaleString('en-US')}`),
    reason: z.enum(STAFF_STOCK_REASONS, { error: "Reason must be 'received', 'adjusted' or 'spoiled'" }),
    note: noteField,
  })
  .superRefine((value, context) => {
    if (value.reason === 'received' && value.change < 0) {
      context.addIssue({ code: 'custom', path: ['change'], message: 'A delivery received adds stock: give a positive number' });
    }
    if (value.reason === 'spoiled' && value.change > 0) {
      context.addIssue({ code: 'custom', path: ['change'], message: 'Spoiled stock is taken off: give a negative number' });
    }
  });
export type StockChangeInput = z.infer<typeof stockChangeSchema>;

/** PUT /api/admin/products/{id}/stock: the low-stock threshold (5 unless staff change it). */
export const stockSettingsSchema = z.object({
  lowThreshold: countField('Low-stock threshold')
    .refine((value) => value >= 0, 'Low-stock threshold cannot be below 0')
    .refine((value) => value <= MAX_STOCK, `Low-stock threshold must be at most ${MAX_STOCK.toLocaleString('en-US')}`),
});
export type StockSettingsInput = z.infer<typeof stockSettingsSchema>;

/** POST /api/admin/stock/receive: a delivery of many products at once, all or none. */
export const stockDeliverySchema = z.object({
  lines: z
    .array(
      z.object({
        productId: z.string({ error: 'Choose a product' }).trim().min(1, 'Choose a product').max(64),
        quantity: countField('Quantity')
          .refine((value) => value > 0, 'Quantity must be more than 0')
          .refine((value) => value <= MAX_STOCK, `Quantity must be at most ${MAX_STOCK.toLocaleString('en-US')}`),
      }),
      { error: 'Add at least one product' },
    )
    .min(1, 'Add at least one product')
    .max(200, 'At most 200 products in one delivery')
    .refine((lines) => new Set(lines.map((line) => line.productId)).size === lines.length, 'Each product once per delivery'),
  note: noteField,
});
export type StockDeliveryInput = z.infer<typeof stockDeliverySchema>;

/** A product's counts as staff see them. */
export const stockCountsSchema = z.object({
  onHand: z.number(),
  reserved: z.number().describe('held by orders placed and not yet delivered or cancelled'),
  available: z.number().describe('onHand - reserved: what can still be sold'),
  lowThreshold: z.number(),
  low: z.boolean(),
  /** Sold by weight or volume (kg, litre): counts may have decimals; otherwise whole. */
  measured: z.boolean(),
});
export type StockCounts = z.infer<typeof stockCountsSchema>;

export const stockChangeReplySchema = z.object({ success: z.literal(true), message: z.string(), stock: stockCountsSchema });

/** One product in the stock list: its counts when it keeps them, null when it sells by the in-stock mark. */
export const stockRowSchema = z.object({
  productId: z.string(),
  productname: z.string(),
  productUnit: z.string(),
  productImage: z.string(),
  hidden: z.boolean(),
  inStock: z.boolean().describe("staff's in-stock mark"),
  measured: z.boolean(),
  stock: stockCountsSchema.nullable(),
  updatedAt: z.string().nullable(),
});
export type StockRow = z.infer<typeof stockRowSchema>;

/** GET /api/admin/stock: low first, then the other counted products, then those without a count. */
export const stockListQuerySchema = z.object({
  page: pageNumber(1, 10_000),
  limit: pageNumber(50, 200),
  search: z
    .string()
    .optional()
    .transform((value) => (value ?? '').trim().slice(0, 100) || undefined),
  /** counted: only products that keep a count; low: only those running low; anything else: every product. */
  only: z
    .string()
    .optional()
    .transform((value) => (value === 'counted' || value === 'low' ? value : undefined)),
});
export type StockListQuery = z.infer<typeof stockListQuerySchema>;
export const stockListReplySchema = z.object({ success: z.literal(true), products: z.array(stockRowSchema), pagination: paginationSchema });

export const stockMovementSchema = z.object({
  _id: z.string(),
  kind: z.enum(STOCK_MOVEMENT_KINDS),
  onHandChange: z.number(),
  reservedChange: z.number(),
  order: z.object({ _id: z.string(), orderNumber: z.string() }).nullable(),
  note: z.string().nullable(),
  by: z.string().nullable().describe('who: the staff member, or the actor behind an order change'),
  at: z.string(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

/** GET /api/admin/products/{id}/stock: the counts (null when the product keeps none) and its ledger, newest first. */
export const productLedgerQuerySchema = z.object({ page: pageNumber(1, 10_000), limit: pageNumber(30, 100) });
export const productLedgerReplySchema = z.object({
  success: z.literal(true),
  product: z.object({ _id: z.string(), productname: z.string(), productUnit: z.string() }),
  stock: stockCountsSchema.nullable(),
  movements: z.array(stockMovementSchema),
  pagination: paginationSchema,
});

export const stockDeliveryReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  products: z.array(z.object({ productId: z.string(), stock: stockCountsSchema })),
});
