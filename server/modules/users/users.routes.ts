// /user/*: the signed-in shopper's own record and session (docs/api.md).
import { createRoute } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { requireUser } from '../auth/auth.middleware';
import type { AppEnv, ShopDeps } from '../../lib/deps';
import type { FieldError } from '../../lib/errors';
import { addRoute, bearerAuth, jsonReply, jsonRequest, openApiRoutes } from '../../lib/openapi';
import { messageReplySchema } from '../../lib/replies';
import { verifyPhoneSchema } from '../auth/auth.schema';
import { logout } from '../auth/auth.service';
import { accountReplySchema, isAuthReplySchema, updatePasswordSchema, updateProfileSchema, userReplySchema } from './users.schema';
import { resendPhoneCode, verifyPhone } from './phone.service';
import { getAccount, updatePassword, updateProfile } from './users.service';

/**
 * docs/api.md: on updateProfile `errors` is a list of strings, each naming its field, because clients
 * written against docs/product.md show `errors[0]` as text. Other calls keep `{msg, param}`.
 */
const errorsAsText: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.res.status < 400 || !c.res.headers.get('content-type')?.startsWith('application/json')) return;
  const body = (await c.res.clone().json()) as { errors?: Array<string | FieldError> };
  if (!Array.isArray(body.errors)) return;
  const errors = body.errors.map((error) => (typeof error === 'string' ? error : error.msg));
  c.res = new Response(JSON.stringify({ ...body, errors }), { status: c.res.status, headers: c.res.headers });
};

const userCall = { tags: ['user'], security: bearerAuth };
const isAuth = createRoute({ ...userCall, method: 'get', path: '/is-auth', summary: 'Check the session', responses: { 200: jsonReply(isAuthReplySchema) } });
const account = createRoute({ ...userCall, method: 'get', path: '/account', summary: "The shopper's own record", responses: { 200: jsonReply(accountReplySchema) } });
const profile = createRoute({
  ...userCall,
  method: 'put',
  path: '/updateProfile',
  summary: 'Change name, email, phone, password (here `errors` is a list of strings)',
  middleware: [errorsAsText] as const,
  request: { body: jsonRequest(updateProfileSchema) },
  responses: { 200: jsonReply(userReplySchema) },
});
const verifyPhoneCall = createRoute({
  ...userCall,
  method: 'post',
  path: '/verifyPhone',
  summary: 'Confirm the phone number with the 6-digit code sent to it by SMS (then USSD finds this account)',
  request: { body: jsonRequest(verifyPhoneSchema) },
  responses: { 200: jsonReply(userReplySchema) },
});
const resendCode = createRoute({
  ...userCall,
  method: 'post',
  path: '/resendPhoneCode',
  summary: 'Send a new code to the phone number waiting to be verified',
  responses: { 200: jsonReply(messageReplySchema) },
});
const password = createRoute({
  ...userCall,
  method: 'put',
  path: '/updatePassword',
  summary: "Change the signed-in shopper's password",
  request: { body: jsonRequest(updatePasswordSchema) },
  responses: { 200: jsonReply(messageReplySchema) },
});
// GET is the storefront's call (docs/product.md section 7); POST is accepted too, as clients that avoid side
// effects on GET send.
const signOut = { ...userCall, path: '/logout', summary: 'Sign out: the token stops working', responses: { 200: jsonReply(messageReplySchema) } } as const;
const logoutGet = createRoute({ ...signOut, method: 'get' });
const logoutPost = createRoute({ ...signOut, method: 'post' });

export function usersRoutes(deps: ShopDeps) {
  const app = openApiRoutes();
  app.use(requireUser(deps));
  addRoute(app, isAuth, async (c) => {
    const { _id: id, ...user } = await getAccount(deps, c.get('user').id);
    return c.json({ success: true, user: { id, ...user } });
  });
  addRoute(app, account, async (c) => c.json({ success: true, ...(await getAccount(deps, c.get('user').id)) }));
  addRoute(app, profile, async (c) => {
    const user = await updateProfile(deps, c.get('user').id, c.req.valid('json'));
    return c.json({ success: true, message: 'Profile updated successfully', user });
  });
  addRoute(app, verifyPhoneCall, async (c) => {
    const user = await verifyPhone(deps, c.get('user').id, c.req.valid('json').code);
    return c.json({ success: true, message: 'Phone number verified', user });
  });
  addRoute(app, resendCode, async (c) => {
    await resendPhoneCode(deps, c.get('user').id);
    return c.json({ success: true, message: 'We have sent a new code by SMS. It works for 10 minutes.' });
  });
  addRoute(app, password, async (c) => {
    await updatePassword(deps, c.get('user').id, c.req.valid('json'));
    return c.json({ success: true, message: 'Password updated successfully!' });
  });
  const loggedOut = async (c: Context<AppEnv>) => {
    await logout(deps, c.get('tokenHash'));
    return c.json({ success: true, message: 'Logged out successfully' }, 200);
  };
  addRoute(app, logoutGet, loggedOut);
  addRoute(app, logoutPost, loggedOut);
  return app;
}
