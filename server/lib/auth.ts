// The auth middleware: a route behind it runs only for a valid, unexpired, unrevoked token.
import { createMiddleware } from 'hono/factory';
import { authenticate, requireToken } from '../modules/auth/auth.service';
import type { AppEnv, ShopDeps } from './deps';
import { unauthorized } from './errors';
import { sha256 } from './secrets';

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
