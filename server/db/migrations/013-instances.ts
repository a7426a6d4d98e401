// Several instances serving one shop: what one instance did must be visible to the others.
// - A conversation turn holds its session (held_by, held_until) so a gateway's retry that reaches
//   another instance waits for the first turn and is answered from it, never stepped twice. The
//   hold runs out by itself if the instance holding it dies.
// - Images staff upload are kept in the database on PostgreSQL, where every instance reads them (on
//   the embedded database they stay in DATA_DIR/uploads, beside it).
import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    ALTER TABLE conversation_sessions ADD COLUMN held_by text;
    ALTER TABLE conversation_sessions ADD COLUMN held_until timestamptz;
    CREATE TABLE uploaded_images (
      name text PRIMARY KEY,
      type text NOT NULL,
      bytes bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
  `,
  );
}
