// The migration to roles (server/db/migrations/017-roles.ts) on a running shop: everyone who had the
// staff flag keeps the console, from the day they got it, with the token they already had; the
// earliest of them becomes owner; shoppers stay shoppers; the flag's columns are gone.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate';
import { createTestShop, type Shopper, type TestShop } from '../support/test-app';
import { expectErrorShape } from './expectations';

let shop: TestShop;
let first: Shopper;
let later: Shopper;
let shopper: Shopper;

beforeAll(async () => {
  shop = await createTestShop();
  [first, later, shopper] = await Promise.all(['First Staff', 'Later Staff', 'Just Shopping'].map((fullName) => shop.newShopper({ fullName })));
});
afterAll(async () => shop.close());

/** The database as the code before roles left it: the staff flag and its date on users, no user_roles. */
async function asBeforeRoles() {
  const { db } = shop.deps;
  await sql`DROP TABLE user_roles`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN is_staff boolean NOT NULL DEFAULT false`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN staff_since timestamptz`.execute(db);
  await sql`ALTER TABLE order_history DROP COLUMN staff_role`.execute(db);
  await db.deleteFrom('kysely_migration' as never).where('name' as never, '=', '017-roles' as never).execute();
  // Granted in this order by the old console; `later` first in the table, so the date decides, not the row.
  await sql`UPDATE users SET is_staff = true, staff_since = '2025-03-01T09:00:00Z' WHERE id = ${later.user._id}`.execute(db);
  await sql`UPDATE users SET is_staff = true, staff_since = '2025-01-10T09:00:00Z' WHERE id = ${first.user._id}`.execute(db);
}

describe('the migration to roles', () => {
  it('keeps every staff member in the console, makes the earliest owner, and drops the flag', async () => {
    await asBeforeRoles();
    await migrateToLatest(shop.deps.db);

    const roles = await shop.deps.db.selectFrom('user_roles').select(['user_id', 'role', 'granted_at', 'granted_by']).orderBy('user_id').orderBy('role').execute();
    const held = (user: Shopper) => roles.filter((row) => row.user_id === user.user._id);
    expect(held(first).map((row) => row.role).sort()).toEqual(['owner', 'staff']);
    expect(held(later).map((row) => row.role)).toEqual(['staff']);
    expect(held(shopper)).toEqual([]);
    expect(new Date(held(later)[0]!.granted_at).toISOString()).toBe('2025-03-01T09:00:00.000Z');
    expect(roles.every((row) => row.granted_by === null)).toBe(true);

    // The tokens they had before keep working, each as far as its roles reach.
    expect((await shop.http.get('/api/admin/orders').set(first.auth)).status).toBe(200);
    expect((await shop.http.get('/api/admin/staff').set(first.auth)).status).toBe(200);
    expect((await shop.http.get('/api/admin/orders').set(later.auth)).status).toBe(200);
    expectErrorShape(await shop.http.get('/api/admin/staff').set(later.auth), 403, 'Owner only');
    expectErrorShape(await shop.http.get('/api/admin/orders').set(shopper.auth), 403, 'Staff only');
    const team = (await shop.http.get('/api/admin/staff').set(first.auth)).body.staff as { fullName: string; roles: string[]; staffSince: string }[];
    expect(team.map((member) => [member.fullName, member.roles, member.staffSince])).toEqual([
      ['First Staff', ['staff', 'owner'], '2025-01-10T09:00:00.000Z'],
      ['Later Staff', ['staff'], '2025-03-01T09:00:00.000Z'],
    ]);

    const columns = await sql<{ column_name: string }>`SELECT column_name FROM information_schema.columns WHERE table_name = 'users'`.execute(shop.deps.db);
    expect(columns.rows.map((row) => row.column_name)).not.toContain('is_staff');
    expect(columns.rows.map((row) => row.column_name)).not.toContain('staff_since');
  });
});
