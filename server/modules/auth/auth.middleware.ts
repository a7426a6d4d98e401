// The auth middleware: a route behind it runs only for a valid, unexpired, unrevoked token. Every
// routes file that serves a signed-in shopper or staff imports it: auth's one face besides its service.
import { createMiddleware } from 'hono/factory';
import type { AppEnv, ShopDeps } from '../../lib/deps';
import { AppError, unauthorized } from '../../lib/errors';
import { sha256 } from '../../lib/secrets';
import { authenticate, requireToken } from './auth.service';

export function requireUser(deps: ShopDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const token = requireToken(c.req.header('Authorization'));
    const user = await authenticate(deps, token);
    if (!user) throw unauthorized('Invalid or expired token');
    c.set('user', user);
    c.set('tokenHash', sha256(token));
    await next();
  });
}

/**
 * The one rule for the staff console: a signed-in account with the staff role. No or bad token: 401
 * (as requireUser); a shopper's token: 403. Mounted once over the whole /api/admin tree.
 */
export function requireStaff(deps: ShopDeps) {
  const signedIn = requireUser(deps);
  return createMiddleware<AppEnv>(async (c, next) => {
    await signedIn(c, async () => {
      if (!c.get('user').isStaff) throw new AppError(403, 'Staff only', 'forbidden');
      await next();
    });
  });
}
