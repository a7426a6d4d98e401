// The auth middleware: a route behind requireUser runs only for a valid, unexpired, unrevoked token;
// a route that declares roles (allowRoles) runs only for an account holding one of them. Every routes
// file that serves a signed-in account imports this file: auth's one face besides its services.
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Actor, AppEnv, ShopDeps } from '../../lib/deps';
import { AppError, unauthorized } from '../../lib/errors';
import { bearerAuth } from '../../lib/openapi';
import { sha256 } from '../../lib/secrets';
import { authenticate, requireToken } from './auth.service';
import { CONSOLE_ROLES, OWNER_ROLES, onlyFor, type Role } from './roles.schema';

export function requireUser(deps: ShopDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    // Already read on this request (a tree's guard, then its route's own declaration): read once.
    if ((c.get('user') as AppEnv['Variables']['user'] | undefined) !== undefined) return next();
    const token = requireToken(c.req.header('Authorization'));
    const user = await authenticate(deps, token);
    if (!user) throw unauthorized('Invalid or expired token');
    c.set('user', user);
    c.set('tokenHash', sha256(token));
    await next();
  });
}

/**
 * Lets a call through for an account holding one of `allowed`, behind requireUser (whose 401 comes
 * first): a signed-in account without any of them is 403 ("Staff only", "Owner only"). The call acts
 * in the first allowed role the caller holds (c.get('role')), so list a route's roles narrowest first.
 * The roles are the ones read with the token on this request: one taken away is refused at once.
 */
export function requireRoles(...allowed: readonly Role[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = c.get('user') as AppEnv['Variables']['user'] | undefined;
    // Mounted without requireUser before it: refuse rather than guess who is calling.
    if (!user) throw unauthorized('No token provided');
    const acting = allowed.find((role) => user.roles.includes(role));
    if (!acting) throw new AppError(403, onlyFor(allowed), 'forbidden');
    c.set('role', acting);
    await next();
  });
}

/** Who is calling a route that declared its roles, in the role it acts in (for history rows). */
export function actingAccount(c: Context<AppEnv>): Actor {
  return { ...c.get('user'), role: c.get('role') };
}

/**
 * What a route declares about who may call it, spread into its createRoute: the roles (`x-roles` in
 * /api/openapi.json), the bearer token, and the check made from those same roles. One list, so the
 * document and the check cannot disagree.
 */
export function allowRoles<const R extends readonly Role[]>(...roles: R) {
  return { security: bearerAuth, 'x-roles': roles, middleware: [requireRoles(...roles)] };
}

/** The console's daily work (orders, catalog, delivery, messages, baskets): staff and owners. */
export const consoleCall = { tags: ['staff'], ...allowRoles(...CONSOLE_ROLES) };
/** Who holds which role (the console's Staff page): owners only. */
export const ownerCall = { tags: ['staff'], ...allowRoles(...OWNER_ROLES) };
