// The shop's team: who holds which role beyond shopper. From the shell (`npm run staff`, staff-cli.ts)
// the machine's operator adds and removes anyone, and the first console member made there is also the
// owner; in the console an owner does (staff-members.routes.ts). Both find accounts here and change
// roles through the auth module, which alone writes them (roles.service.ts).
import type { ShopDeps } from '../../lib/deps';
import { badRequest, notFound } from '../../lib/errors';
import { EMAIL_PATTERN, isPhoneLike } from '../../lib/fields';
import { normalizePhone } from '../../lib/phone';
import { allGrants, anyoneHolds, grantRole, grantsOf, revokeRoles, type Grant } from '../auth/roles.service';
import { CONSOLE_ROLES, GRANTED_ROLES, ROLE_NAMES, type GrantedRole } from '../auth/roles.schema';
import type { StaffMember } from './staff-members.schema';
import { findUserById, normalizeEmail, type UserRow } from './user-records';

type Db = Pick<ShopDeps, 'db'>;
export const NO_SUCH_ACCOUNT = 'No account with that e-mail or phone number';
export const NOT_ON_THE_TEAM = 'That account holds no role';
const CANNOT_LEAVE = 'You cannot remove your own staff access';
const CANNOT_STEP_DOWN = 'You cannot remove your own owner role: another owner may';

function toStaffMember(user: Pick<UserRow, 'id' | 'full_name' | 'email' | 'phone_number'>, grants: readonly Grant[]): StaffMember {
  const held = new Set(grants.map((grant) => grant.role));
  const since = grants.map((grant) => grant.grantedAt.getTime()).sort((a, b) => a - b)[0];
  return {
    _id: user.id,
    fullName: user.full_name,
    email: user.email,
    phoneNumber: user.phone_number,
    roles: GRANTED_ROLES.filter((role) => held.has(role)),
    staffSince: since === undefined ? null : new Date(since).toISOString(),
  };
}

async function findAccount(deps: Db, identifier: string): Promise<UserRow> {
  const trimmed = identifier.trim();
  const byEmail = EMAIL_PATTERN.test(trimmed);
  if (!byEmail && !isPhoneLike(trimmed)) throw notFound(NO_SUCH_ACCOUNT);
  const user = await deps.db
    .selectFrom('users')
    .selectAll()
    .where(byEmail ? 'email' : 'phone_number', '=', byEmail ? normalizeEmail(trimmed) : normalizePhone(trimmed))
    .executeTakeFirst();
  if (!user) throw notFound(NO_SUCH_ACCOUNT);
  return user;
}

async function memberNow(deps: Db, user: UserRow): Promise<StaffMember> {
  return toStaffMember(user, await grantsOf(deps, user.id));
}

/** Everyone holding a role beyond shopper, longest on the team first. */
export async function listStaff(deps: Db): Promise<StaffMember[]> {
  const grants = await allGrants(deps);
  const ids = [...new Set(grants.map((grant) => grant.userId))];
  if (ids.length === 0) return [];
  const users = await deps.db.selectFrom('users').select(['id', 'full_name', 'email', 'phone_number']).where('id', 'in', ids).execute();
  const byId = new Map(users.map((user) => [user.id, user]));
  return ids.flatMap((id) => {
    const user = byId.get(id);
    return user ? [toStaffMember(user, grants.filter((grant) => grant.userId === id))] : [];
  });
}

/** Gives an existing account, found by e-mail or phone, a role; holding it already keeps the first date. */
export async function grantRoleByIdentifier(deps: Db, identifier: string, role: GrantedRole, grantedBy: string | null): Promise<StaffMember> {
  const user = await findAccount(deps, identifier);
  await grantRole(deps, user.id, role, grantedBy);
  return memberNow(deps, user);
}

/** The staff role for an existing account (tests and the e2e server make staff this way). */
export const grantStaff = (deps: Db, identifier: string) => grantRoleByIdentifier(deps, identifier, 'staff', null);

/** From the console: one more role for someone (an owner grants it). */
export async function grantRoleToMember(deps: Db, ownerId: string, userId: string, role: GrantedRole): Promise<StaffMember> {
  const user = await findUserById(deps, userId);
  if (!user) throw notFound(NOT_ON_THE_TEAM);
  await grantRole(deps, user.id, role, ownerId);
  return memberNow(deps, user);
}

/**
 * From the console: takes one role, or every role (`role` left out), away from someone. An owner may
 * not take their own owner role (the shop keeps the caller), and the shop always keeps an owner.
 */
export async function revokeFromMember(deps: Db, ownerId: string, userId: string, role?: GrantedRole): Promise<StaffMember> {
  if (userId === ownerId && (role === undefined || role === 'owner')) {
    throw badRequest(role ? CANNOT_STEP_DOWN : CANNOT_LEAVE, [], 'forbidden_self');
  }
  const user = await findUserById(deps, userId);
  if (!user) throw notFound(NOT_ON_THE_TEAM);
  const removed = await revokeRoles(deps, user.id, role ? [role] : undefined, { keepAnOwner: true });
  if (removed.length === 0) throw notFound(role ? `${user.full_name} is not ${withArticle(role)}` : NOT_ON_THE_TEAM);
  return memberNow(deps, user);
}

export interface ShellAddition {
  member: StaffMember;
  /** Also made owner: a console role given while the shop had no owner. */
  madeOwner: boolean;
}

/**
 * From the shell: a role for an existing account. A console role (staff) given while no one is owner
 * makes its holder owner too: the first staff member of a shop can then give the others their roles.
 */
export async function addFromShell(deps: Db, identifier: string, role: GrantedRole): Promise<ShellAddition> {
  const user = await findAccount(deps, identifier);
  await grantRole(deps, user.id, role, null);
  const madeOwner = (CONSOLE_ROLES as readonly string[]).includes(role) && role !== 'owner' && !(await anyoneHolds(deps, 'owner'));
  if (madeOwner) await grantRole(deps, user.id, 'owner', null);
  return { member: await memberNow(deps, user), madeOwner };
}

/** From the shell: takes one role, or every role, away from anyone, the last owner too (the operator can add one back). */
export async function removeFromShell(deps: Db, identifier: string, role?: GrantedRole): Promise<{ member: StaffMember; removed: GrantedRole[] }> {
  const user = await findAccount(deps, identifier);
  const removed = (await revokeRoles(deps, user.id, role ? [role] : undefined, { keepAnOwner: false })) as GrantedRole[];
  if (removed.length === 0) throw notFound(role ? `${user.full_name} is not ${withArticle(role)}` : NOT_ON_THE_TEAM);
  return { member: await memberNow(deps, user), removed };
}

/** "staff", "a rider", "an owner": a role as a sentence names what someone is. */
export function withArticle(role: GrantedRole): string {
  if (role === 'staff') return 'staff';
  const name = ROLE_NAMES[role].toLowerCase();
  return `${/^[aeiou]/.test(name) ? 'an' : 'a'} ${name}`;
}
