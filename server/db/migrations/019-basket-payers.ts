// A weekly basket paid by MoMo keeps the number MTN asks each week, checked when the basket is made
// or changed (before, the week's order fell back to the address's phone, and a number MTN cannot ask
// failed the placing every run until the week was missed). A week that could not be placed keeps
// why, for the console. Baskets made before keep no number: their week checks the address's phone.
import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    ALTER TABLE baskets ADD COLUMN payer_phone text;
    ALTER TABLE basket_runs ADD COLUMN reason text;
  `,
  );
}
