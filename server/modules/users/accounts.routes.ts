// POST /auth/register, /auth/login, /auth/forgot-password, /auth/reset-password (docs/api.md): the
// calls that open an account or a session, mounted at /api/auth. The shapes are auth's (auth.schema.ts).
import { createRoute } from '@hono/zod-openapi';
import { runInBackground } from '../../lib/background';
import { clientAddress } from '../../lib/client-address';
import type { ShopDeps } from '../../lib/deps';
import { addRoute, jsonReply, jsonRequest, openApiRoutes } from '../../lib/openapi';
import { messageReplySchema } from '../../lib/replies';
import {
  authResponseSchema,
  forgotPasswordSchema,
  loginSchema,
  phoneCodeRequestSchema,
  phoneCodeSignInSchema,
  registerSchema,
  resetPasswordSchema,
} from '../auth/auth.schema';
import { login, register, requestPasswordReset, requestSignInCode, resetPassword, signInWithCode } from './accounts.service';

const RESET_CODE_SENT = 'If an account matches, we have sent it a 6-digit code. It works for 10 minutes.';

const registerCall = createRoute({
  method: 'post',
  path: '/register',
  tags: ['auth'],
  summary: 'Create an account and sign in',
  request: { body: jsonRequest(registerSchema) },
  responses: { 201: jsonReply(authResponseSchema, 'Registered and signed in') },
});
const loginCall = createRoute({
  method: 'post',
  path: '/login',
  tags: ['auth'],
  summary: 'Sign in by email or phone number',
  request: { body: jsonRequest(loginSchema) },
  responses: { 200: jsonReply(authResponseSchema) },
});
const forgotPasswordCall = createRoute({
  method: 'post',
  path: '/forgot-password',
  tags: ['auth'],
  summary: 'Send a one-time reset code',
  request: { body: jsonRequest(forgotPasswordSchema) },
  responses: { 200: jsonReply(messageReplySchema) },
});
const resetPasswordCall = createRoute({
  method: 'post',
  path: '/reset-password',
  tags: ['auth'],
  summary: 'Set a new password with the code',
  request: { body: jsonRequest(resetPasswordSchema) },
  responses: { 200: jsonReply(messageReplySchema) },
});

const SIGN_IN_CODE_SENT = 'If an account has proven this number, we have sent it a 6-digit code by SMS. It works for 10 minutes.';

const signInCodeCall = createRoute({
  method: 'post',
  path: '/sign-in-code',
  tags: ['auth'],
  summary: 'Send a one-time sign-in code by SMS (the rider app signs in with it instead of a password)',
  description: 'Answers the same whether or not an account has proven the number. Limited as reset codes (5 an hour per account and requester); only the newest works.',
  request: { body: jsonRequest(phoneCodeRequestSchema) },
  responses: { 200: jsonReply(messageReplySchema) },
});
const signInWithCodeCall = createRoute({
  method: 'post',
  path: '/sign-in-with-code',
  tags: ['auth'],
  summary: 'Sign in with the phone number and the code sent to it',
  description: 'The code works once, for 10 minutes, and 5 tries; a wrong or expired one is a 400 with `errors[0].param` = `code`.',
  request: { body: jsonRequest(phoneCodeSignInSchema) },
  responses: { 200: jsonReply(authResponseSchema) },
});

export function accountRoutes(deps: ShopDeps) {
  const app = openApiRoutes();
  addRoute(app, registerCall, async (c) => {
    const session = await register(deps, c.req.valid('json'));
    return c.json({ success: true, message: 'Registration successful!', ...session }, 201);
  });
  addRoute(app, loginCall, async (c) => {
    const session = await login(deps, c.req.valid('json'), clientAddress(c, deps.config.trustProxy));
    return c.json({ success: true, message: 'Login successful!', ...session });
  });
  addRoute(app, forgotPasswordCall, async (c) => {
    // Answered before the account is even looked up: the same path, and the same time, whether
    // or not it exists. The code is sent in the background.
    const input = c.req.valid('json');
    const requester = clientAddress(c, deps.config.trustProxy);
    runInBackground(deps, 'password_reset', () => requestPasswordReset(deps, input, requester));
    return c.json({ success: true, message: RESET_CODE_SENT });
  });
  addRoute(app, resetPasswordCall, async (c) => {
    await resetPassword(deps, c.req.valid('json'), clientAddress(c, deps.config.trustProxy));
    return c.json({ success: true, message: 'Password updated successfully!' });
  });
  addRoute(app, signInCodeCall, async (c) => {
    // As forgot-password: answered before the account is looked up, the code sent in the background.
    const input = c.req.valid('json');
    const requester = clientAddress(c, deps.config.trustProxy);
    runInBackground(deps, 'sign_in_code', () => requestSignInCode(deps, input, requester));
    return c.json({ success: true, message: SIGN_IN_CODE_SENT });
  });
  addRoute(app, signInWithCodeCall, async (c) => {
    const session = await signInWithCode(deps, c.req.valid('json'), clientAddress(c, deps.config.trustProxy));
    return c.json({ success: true, message: 'Login successful!', ...session });
  });
  return app;
}
