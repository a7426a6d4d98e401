// The shop's packing rules: one row, written only here (docs/decisions/017-packing.md). The cart
// reads the default preference for new lines; the orders module reads the cap and the answer time.
// Every cart change and order reads them: kept in memory, dropped on every instance when staff save
// them (db/kept-copy.ts).
import type { Kysely, Transaction } from 'kysely';
import { changing } from '../../db/changes';
import { keptCopy } from '../../db/kept-copy';
import type { Database } from '../../db/schema';
import type { PackingSettings, PackingSettingsPatch } from './packing-settings.schema';

const DEFAULTS: PackingSettings = { overEstimatePercent: 10, defaultSubstitution: 'similar', answerMinutes: 10 };
const PACKING_TOPIC = 'packing-settings';
/** How long a read is kept while every change is heard: only the last resort then. */
const PACKING_LIFETIME_MS = 10 * 60_000;

async function settingsRow(db: Kysely<Database> | Transaction<Database>): Promise<PackingSettings> {
  const row = await db.selectFrom('packing_settings').selectAll().executeTakeFirst();
  if (!row) return DEFAULTS;
  return {
    overEstimatePercent: row.over_estimate_percent,
    defaultSubstitution: row.default_substitution === 'none' ? 'none' : 'similar',
    answerMinutes: row.answer_minutes,
  };
}

/** The rules in force; inside a transaction, pass it as `db` (db/kept-copy.ts says why). */
export const getPackingSettings: (deps: { db: Kysely<Database> }, db?: Kysely<Database> | Transaction<Database>) => Promise<PackingSettings> = keptCopy(
  PACKING_TOPIC,
  PACKING_LIFETIME_MS,
  settingsRow,
);

export async function updatePackingSettings(deps: { db: Kysely<Database> }, patch: PackingSettingsPatch): Promise<PackingSettings> {
  return changing(deps, PACKING_TOPIC, async (trx) => {
    const current = await settingsRow(trx);
    const next = { ...current, ...Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) } as PackingSettings;
    await trx
      .insertInto('packing_settings')
      .values({ id: true, over_estimate_percent: next.overEstimatePercent, default_substitution: next.defaultSubstitution, answer_minutes: next.answerMinutes })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({ over_estimate_percent: next.overEstimatePercent, default_substitution: next.defaultSubstitution, answer_minutes: next.answerMinutes, updated_at: new Date() }),
      )
      .execute();
    return next;
  });
}
