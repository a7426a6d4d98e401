// Roles beyond staff (docs/decisions/009-roles.md): an account holds any of staff, packer, rider and
// owner (a shopper by being an account), one row each in user_roles, written by the auth module.
// Everyone who had the staff flag keeps the console as `staff`, from the day they got it; the earliest
// of them is also `owner`, so a running shop keeps someone who may manage staff. The flag and its date
// go: user_roles says both now. Each order history row also keeps the role its author acted in.
import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    CREATE TABLE user_roles (
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      role text NOT NULL CHECK (role IN ('staff', 'packer', 'rider', 'owner')),
      granted_at timestamptz NOT NULL DEFAULT now(),
      granted_by text REFERENCES users(id) ON DELETE SET NULL,
      PRIMARY KEY (user_id, role)
    );
    CREATE INDEX user_roles_by_role ON user_roles(role, granted_at);
    INSERT INTO user_roles (user_id, role, granted_at)
      SELECT id, 'staff', coalesce(staff_since, created_at) FROM users WHERE is_staff;
    INSERT INTO user_roles (user_id, role, granted_at)
      SELECT id, 'owner', coalesce(staff_since, created_at) FROM users WHERE is_staff
      ORDER BY staff_since NULLS LAST, created_at, id LIMIT 1;
    ALTER TABLE users DROP COLUMN is_staff;
    ALTER TABLE users DROP COLUMN staff_since;
    ALTER TABLE order_history ADD COLUMN staff_role text;
  `,
  );
}
