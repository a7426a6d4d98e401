// A weighed line can be refused at the door in part (1.5 of 2 kg of tomatoes): the refused quantity
// of an order line holds a part of a measured unit, as its ordered and packed quantities do
// (026-packing.ts; docs/packing.md).
import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    ALTER TABLE order_lines ALTER COLUMN refused_quantity TYPE double precision;
  `,
  );
}
