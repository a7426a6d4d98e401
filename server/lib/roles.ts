// The roles an account may hold: one list, with the type made from it. It lives here, beside the
// languages, because the signed-in user (deps.ts) carries its roles and lib imports no module; the
// auth module, which decides who holds which and what each route allows, names it again in
// modules/auth/roles.schema.ts for the rest of the shop and the web.
//   shopper  every account (never stored: an account is a shopper by being one)
//   staff    the console's daily work: orders, catalog, delivery, messages, baskets
//   packer   packs orders (a console screen of its own, when there is one)
//   rider    delivers orders (the rider app, when there is one)
//   owner    everything staff may do, and who holds which role
export const ROLES = ['shopper', 'staff', 'packer', 'rider', 'owner'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
