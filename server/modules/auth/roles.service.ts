// Who holds which role: the user_roles table, written here alone (the users module's staff calls and
// `npm run staff` come through these functions, an account merge too). Nothing keeps a copy: the
// roles are read with the token on every request (auth.service.ts: authenticate), so a role given or
// taken away counts on the next call, on every instance, with no notice to send.
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { ShopDeps } from '../../lib/deps';
import { badRequest } from '../../lib/errors';
import { isGrantedRole, ROLES, type GrantedRole, type Role } from './roles.schema';

type Db = Pick<ShopDeps, 'db'>;

export const LAST_OWNER = 'The shop must keep an owner: make someone else owner first';

/** Roles in the list's order, `shopper` first: the order every answer shows them in. */
export const inRoleOrder = (roles: Iterable<string>): Role[] => {
  const held = new Set(roles);
  return ROLES.filter((role) => role === 'shopper' || held.has(role));
};

/** Every role an account holds now, `shopper` first. */
export async function rolesOf(deps: Db, userId: string): Promise<Role[]> {
  const rows = await deps.db.selectFrom('user_roles').select('role').where('user_id', '=', userId).execute();
  return inRoleOrder(rows.map((row) => row.role));
}

export interface Grant {
  userId: string;
  role: GrantedRole;
  grantedAt: Date;
}

const grants = (deps: Db) => deps.db.selectFrom('user_roles').selectAll().orderBy('granted_at').orderBy('user_id').orderBy('role');
const toGrants = (rows: { user_id: string; role: string; granted_at: Date }[]): Grant[] =>
  rows.filter((row) => isGrantedRole(row.role)).map((row) => ({ userId: row.user_id, role: row.role as GrantedRole, grantedAt: new Date(row.granted_at) }));

/** Every granted role of every account (the shop's team), earliest first. */
export async function allGrants(deps: Db): Promise<Grant[]> {
  return toGrants(await grants(deps).execute());
}

/** The granted roles of one account, earliest first. */
export async function grantsOf(deps: Db, userId: string): Promise<Grant[]> {
  return toGrants(await grants(deps).where('user_id', '=', userId).execute());
}

/** Whether any account holds the role (the shell makes its first console member owner while none does). */
export async function anyoneHolds(deps: Db, role: GrantedRole): Promise<boolean> {
  const row = await deps.db.selectFrom('user_roles').select('user_id').where('role', '=', role).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Gives an account a role; true when it is new (holding it already keeps the first grant's date). */
export async function grantRole(deps: Db, userId: string, role: GrantedRole, grantedBy: string | null): Promise<boolean> {
  const added = await deps.db
    .insertInto('user_roles')
    .values({ user_id: userId, role, granted_by: grantedBy })
    .onConflict((oc) => oc.columns(['user_id', 'role']).doNothing())
    .returning('role')
    .executeTakeFirst();
  return added !== undefined;
}

export interface Revoking {
  /** From the console: refuse to leave the shop with no owner (the shell may: its operator can add one back). */
  keepAnOwner: boolean;
}

/**
 * Takes roles away from an account (every granted one when `roles` is left out) and answers which it
 * held. Taking an owner's role first locks every owner's row, in one order, so two owners removing
 * each other at once take turns and the second finds itself the last.
 */
export async function revokeRoles(deps: Db, userId: string, roles: readonly GrantedRole[] | undefined, revoking: Revoking): Promise<Role[]> {
  if (roles?.length === 0) return [];
  const removes = (role: string) => !roles || (roles as readonly string[]).includes(role);
  return inTransactionOf(deps, async (trx) => {
    if (revoking.keepAnOwner && removes('owner')) {
      const owners = await trx.selectFrom('user_roles').select('user_id').where('role', '=', 'owner').orderBy('user_id').forUpdate().execute();
      const isOwner = owners.some((owner) => owner.user_id === userId);
      if (isOwner && owners.length === 1) throw badRequest(LAST_OWNER, [{ msg: LAST_OWNER, param: 'role' }], 'last_owner');
    }
    let removing = trx.deleteFrom('user_roles').where('user_id', '=', userId);
    if (roles) removing = removing.where('role', 'in', [...roles]);
    const removed = await removing.returning('role').execute();
    return inRoleOrder(removed.map((row) => row.role)).filter((role) => role !== 'shopper');
  });
}

/** An account merge: the closing account's roles join the receiving one's (a role both hold keeps the earlier grant). */
export async function moveRoles(deps: Db, fromId: string, intoId: string): Promise<void> {
  await sql`
    INSERT INTO user_roles (user_id, role, granted_at, granted_by)
    SELECT ${intoId}, role, granted_at, granted_by FROM user_roles WHERE user_id = ${fromId}
    ON CONFLICT (user_id, role) DO UPDATE SET granted_at = least(user_roles.granted_at, excluded.granted_at)
  `.execute(deps.db);
  await deps.db.deleteFrom('user_roles').where('user_id', '=', fromId).execute();
}

/** The caller's transaction when it already is one, else a new one. */
async function inTransactionOf<T>(deps: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (deps.db.isTransaction) return work(deps.db as Transaction<Database>);
  return deps.db.transaction().execute(work);
}
