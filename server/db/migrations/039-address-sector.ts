// An address gains its sector (Kigali's districts are split into sectors: Kimihurura, Remera...),
// chosen from the same list on every face. Optional: the addresses saved before have none and keep
// working, as do those whose district was typed as free text.
import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `ALTER TABLE addresses ADD COLUMN sector text;`);
}
