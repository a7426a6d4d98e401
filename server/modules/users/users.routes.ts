// /user/*: the signed-in shopper's own record and session (API.md).
import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { requireUser } from '../../lib/auth';
import type { AppEnv, ShopDeps } from '../../lib/deps';
import type { FieldError } from '../../lib/errors';
import type { RouteDoc } from '../../lib/openapi-legacy';
import { jsonBody } from '../../lib/validate';
import { publicUserSchema, verifyPhoneSchema } from '../auth/auth.schema';
import { logout } from '../auth/auth.service';
import { updatePasswordSchema, updateProfileSchema } from './users.schema';
import { resendPhoneCode, verifyPhone } from './phone.service';
import { getAccount, updatePassword, updateProfile } from './users.service';

/**
 * API.md: on updateProfile `errors` is a list of strings, each naming its field, because clients
 * written against the spec show `errors[0]` as text. Other calls keep `{msg, param}`.
 */
const errorsAsText: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.res.status < 400 || !c.res.headers.get('content-type')?.startsWith('application/json')) return;
  const body = (await c.res.clone().json()) as { errors?: Array<string | FieldError> };
  if (!Array.isArray(body.errors)) return;
  const errors = body.errors.map((error) => (typeof error === 'string' ? error : error.msg));
  c.res = new Response(JSON.stringify({ ...body, errors }), { status: c.res.status, headers: c.res.headers });
};

export function usersRoutes(deps: ShopDeps) {
  return new Hono<AppEnv>()
    .use(requireUser(deps))
    .get('/is-auth', async (c) => {
      const { _id: id, ...user } = await getAccount(deps, c.get('user').id);
      return c.json({ success: true, user: { id, ...user } });
    })
    .get('/account', async (c) => c.json({ success: true, ...(await getAccount(deps, c.get('user').id)) }))
    .put('/updateProfile', errorsAsText, jsonBody(updateProfileSchema), async (c) => {
      const user = await updateProfile(deps, c.get('user').id, c.req.valid('json'));
      return c.json({ success: true, message: 'Profile updated successfully', user });
    })
    .post('/verifyPhone', jsonBody(verifyPhoneSchema), async (c) => {
      const user = await verifyPhone(deps, c.get('user').id, c.req.valid('json').code);
      return c.json({ success: true, message: 'Phone number verified', user });
    })
    .post('/resendPhoneCode', async (c) => {
      await resendPhoneCode(deps, c.get('user').id);
      return c.json({ success: true, message: 'We have sent a new code by SMS. It works for 10 minutes.' });
    })
    .put('/updatePassword', jsonBody(updatePasswordSchema), async (c) => {
      await updatePassword(deps, c.get('user').id, c.req.valid('json'));
      return c.json({ success: true, message: 'Password updated successfully!' });
    })
    // GET is the spec's call; POST is accepted too, as clients that avoid side effects on GET send.
    .on(['GET', 'POST'], '/logout', async (c) => {
      await logout(deps, c.get('tokenHash'));
      return c.json({ success: true, message: 'Logged out successfully' });
    });
}

const message = z.object({ success: z.boolean(), message: z.string() });
export const usersDocs: RouteDoc[] = [
  { method: 'get', path: '/user/is-auth', tag: 'user', auth: true, summary: 'Check the session', response: z.object({ success: z.boolean(), user: publicUserSchema.omit({ _id: true }).extend({ id: z.string() }) }) },
  { method: 'get', path: '/user/account', tag: 'user', auth: true, summary: "The shopper's own record", response: publicUserSchema.extend({ success: z.boolean() }) },
  { method: 'put', path: '/user/updateProfile', tag: 'user', auth: true, summary: 'Change name, email, phone, password', body: updateProfileSchema, response: message.extend({ user: publicUserSchema }) },
  { method: 'post', path: '/user/verifyPhone', tag: 'user', auth: true, summary: 'Confirm the phone number with the 6-digit code sent to it by SMS (then USSD finds this account)', body: verifyPhoneSchema, response: message.extend({ user: publicUserSchema }) },
  { method: 'post', path: '/user/resendPhoneCode', tag: 'user', auth: true, summary: 'Send a new code to the phone number waiting to be verified', response: message },
  { method: 'put', path: '/user/updatePassword', tag: 'user', auth: true, summary: "Change the signed-in shopper's password", body: updatePasswordSchema, response: message },
  { method: 'get', path: '/user/logout', tag: 'user', auth: true, summary: 'Sign out: the token stops working', response: message },
];
