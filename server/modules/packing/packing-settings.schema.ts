// The shop's packing rules as staff set them (docs/packing.md). Plain zod: the console imports it.
import { z } from 'zod';

export const packingSettingsSchema = z.object({
  /** How far above its estimate a weighed line may come out without asking the shopper (10 is 10%). */
  overEstimatePercent: z.number().int(),
  /** What a new cart line does if its item is missing, until the shopper chooses. */
  defaultSubstitution: z.enum(['similar', 'none']),
  /** How long a shopper has to answer a proposed substitute before their preference applies. */
  answerMinutes: z.number().int(),
});
export type PackingSettings = z.infer<typeof packingSettingsSchema>;

export const packingSettingsPatchSchema = z.object({
  overEstimatePercent: z
    .number({ error: 'Give a percent from 0 to 100' })
    .int('Give a whole percent')
    .min(0, 'Give a percent from 0 to 100')
    .max(100, 'Give a percent from 0 to 100')
    .optional(),
  defaultSubstitution: z.enum(['similar', 'none'], { error: "Choose 'similar' or 'none'" }).optional(),
  answerMinutes: z.number({ error: 'Give minutes from 1 to 240' }).int('Give whole minutes').min(1, 'Give minutes from 1 to 240').max(240, 'Give minutes from 1 to 240').optional(),
});
export type PackingSettingsPatch = z.infer<typeof packingSettingsPatchSchema>;

export const packingSettingsReplySchema = z.object({ success: z.literal(true), settings: packingSettingsSchema });
