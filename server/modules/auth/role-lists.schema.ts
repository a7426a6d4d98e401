// Roles as the shop speaks of them: the list (server/lib/roles.ts, named again here for modules and
// the web), the ones that are granted, the sets routes allow, and the words a refusal uses. Plain
// constants, no zod (named .schema.ts because the web imports only those): the staff console's access
// check imports them on its first load without carrying zod (about 24 KB gzipped) for a list of names.
// roles.schema.ts builds its zod enums on them. Who holds which is kept by roles.service.ts; each
// route declares the roles it allows (auth.middleware.ts: allowRoles).
import type { Role } from '../../lib/roles';

export { ROLES, isRole, type Role } from '../../lib/roles';

/** The roles someone grants; `shopper` is every account's and is never granted or taken away. */
export const GRANTED_ROLES = ['staff', 'packer', 'rider', 'owner'] as const satisfies readonly Role[];
export type GrantedRole = (typeof GRANTED_ROLES)[number];
export const CHOOSE_A_ROLE = 'Choose a role: staff, packer, rider or owner';

export function isGrantedRole(value: unknown): value is GrantedRole {
  return typeof value === 'string' && (GRANTED_ROLES as readonly string[]).includes(value);
}

/** The console's daily work (orders, catalog, delivery, messages, baskets): staff, and the owner who may do all staff do. */
export const CONSOLE_ROLES = ['staff', 'owner'] as const satisfies readonly Role[];
/** Who holds which role: the owner alone. */
export const OWNER_ROLES = ['owner'] as const satisfies readonly Role[];

export const ROLE_NAMES: Readonly<Record<Role, string>> = { shopper: 'Shopper', staff: 'Staff', packer: 'Packer', rider: 'Rider', owner: 'Owner' };

/** What each granted role lets its holder do, as the console's Staff page explains it. */
export const ROLE_DUTIES: Readonly<Record<GrantedRole, string>> = {
  staff: 'uses the console: orders, catalog, delivery, messages',
  packer: 'packs orders: the pick list and the packing screen',
  rider: 'delivers orders',
  owner: 'everything staff do, and who holds which role',
};

export const holdsAnyOf = (held: readonly Role[], allowed: readonly Role[]) => held.some((role) => allowed.includes(role));

/** Whether an account may open the staff console at all. */
export const mayUseConsole = (held: readonly Role[]) => holdsAnyOf(held, CONSOLE_ROLES);
/** Who packs: packers, and staff and the owner who may do all a packer does (the console shows a packer its packing part). */
export const PACKING_ROLES = ['packer', 'staff', 'owner'] as const satisfies readonly Role[];
export const mayPack = (held: readonly Role[]) => holdsAnyOf(held, PACKING_ROLES);

/**
 * The 403 message for a call the caller's roles do not reach: "Staff only" for the console, "Owner
 * only" for who holds which role. The owner goes unnamed beside another role (an owner may do what staff do).
 */
export function onlyFor(allowed: readonly Role[]): string {
  const named = allowed.length > 1 ? allowed.filter((role) => role !== 'owner') : allowed;
  const words = named.map((role, index) => (index === 0 ? ROLE_NAMES[role] : ROLE_NAMES[role].toLowerCase()));
  return `${words.join(' and ')} only`;
}
