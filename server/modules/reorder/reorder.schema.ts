// Ordering again: what POST /order/{id}/reorder answers. Plain zod: the web imports it.
import { z } from 'zod';
import { cartSchema } from '../cart/cart.schema';

/** Why a line of the earlier order was left out. */
export const SKIP_REASONS = ['out_of_stock', 'not_sold'] as const;

export const skippedLineSchema = z.object({
  productName: z.string(),
  reason: z.enum(SKIP_REASONS).describe('out_of_stock: marked out of stock by staff; not_sold: hidden or no longer in the catalog'),
});
export type SkippedLine = z.infer<typeof skippedLineSchema>;

/** A line stock has fewer of today than the order had: what is left went into the cart. */
export const cutLineSchema = z.object({ productName: z.string(), quantity: z.number(), wanted: z.number(), unit: z.string() });
export type CutLine = z.infer<typeof cutLineSchema>;

/** POST /order/{id}/reorder: the cart with the order's lines added, at today's prices, and what was left out or cut. */
export const reorderReplySchema = z.object({
  success: z.boolean(),
  message: z.string(),
  cart: cartSchema,
  skipped: z.array(skippedLineSchema),
  cut: z.array(cutLineSchema),
});
export type ReorderReply = z.infer<typeof reorderReplySchema>;
