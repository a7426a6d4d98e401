// The shop's packing rules: one row, written only here (docs/decisions/017-packing.md). The cart
// reads the default preference for new lines; the orders module reads the cap and the answer time.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { PackingSettings, PackingSettingsPatch } from './packing-settings.schema';

const DEFAULTS: PackingSettings = { overEstimatePercent: 10, defaultSubstitution: 'similar', answerMinutes: 10 };

export async function getPackingSettings(db: Kysely<Database> | Transaction<Database>): Promise<PackingSettings> {
  const row = await db.selectFrom('packing_settings').selectAll().executeTakeFirst();
  if (!row) return DEFAULTS;
  return {
    overEstimatePercent: row.over_estimate_percent,
    defaultSubstitution: row.default_substitution === 'none' ? 'none' : 'similar',
    answerMinutes: row.answer_minutes,
  };
}

export async function updatePackingSettings(db: Kysely<Database>, patch: PackingSettingsPatch): Promise<PackingSettings> {
  const current = await getPackingSettings(db);
  const next = { ...current, ...Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) } as PackingSettings;
  await db
    .insertInto('packing_settings')
    .values({ id: true, over_estimate_percent: next.overEstimatePercent, default_substitution: next.defaultSubstitution, answer_minutes: next.answerMinutes })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({ over_estimate_percent: next.overEstimatePercent, default_substitution: next.defaultSubstitution, answer_minutes: next.answerMinutes, updated_at: new Date() }),
    )
    .execute();
  return next;
}
