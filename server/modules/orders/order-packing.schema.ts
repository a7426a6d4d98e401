// What a packer records (docs/packing.md): each line packed with its real weight or count, short
// (packed: less, or 0), or substituted. Plain zod: the console's packing screen imports it.
import { z } from 'zod';

const packedAmount = z
  .number({ error: 'Give what was packed as a number' })
  .min(0, 'Packed cannot be less than 0')
  .max(999, 'Packed cannot be more than 999')
  .refine((value) => Math.abs(value * 1000 - Math.round(value * 1000)) < 1e-6, 'Give what was packed to at most 3 decimals');

export const packingLineSchema = z.object({
  productId: z.string({ error: 'Name the product of the line' }).trim().min(1, 'Name the product of the line').max(64),
  /** How much went in the bag (of the substitute when substitutedBy is given); 0 is short of all of it. */
  packed: packedAmount,
  substitutedBy: z.string().trim().min(1).max(64).optional(),
});

export const packingInputSchema = z.object({
  lines: z.array(packingLineSchema).max(200, 'At most 200 lines at once').default([]),
  /** Packing ends: the order moves to processing (when pending) and the shopper is told the amount to pay. */
  done: z.boolean().optional(),
});
export type PackingInput = z.infer<typeof packingInputSchema>;

/** The shopper's answer to a proposed substitute. */
export const substituteAnswerSchema = z.object({
  productId: z.string({ error: 'Name the product of the line' }).trim().min(1).max(64),
  accept: z.boolean({ error: 'Answer accept: true or false' }),
});
export type SubstituteAnswerInput = z.infer<typeof substituteAnswerSchema>;
