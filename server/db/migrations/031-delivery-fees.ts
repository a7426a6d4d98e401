// The delivery fee beside the schedule (the delivery module's): 'negotiable' (agreed with the rider at
// the door, the shop's first way) or a table by district, sector and order size with a free-delivery
// threshold. One row, like the schedule; a rate is { district, sector | null, fromMinor, feeMinor }.
import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    CREATE TABLE delivery_fees (
      id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      mode text NOT NULL DEFAULT 'negotiable' CHECK (mode IN ('negotiable', 'table')),
      rates jsonb NOT NULL DEFAULT '[]',
      free_from_minor integer CHECK (free_from_minor IS NULL OR free_from_minor >= 0),
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by text
    );
    INSERT INTO delivery_fees (id) VALUES (1);
  `,
  );
}
