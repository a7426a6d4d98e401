// POST /auth/register, /auth/login, /auth/forgot-password, /auth/reset-password (API.md).
import { Hono } from 'hono';
import { z } from 'zod';
import { runInBackground } from '../../lib/background';
import { clientAddress } from '../../lib/client-address';
import type { AppEnv, ShopDeps } from '../../lib/deps';
import type { RouteDoc } from '../../lib/openapi-legacy';
import { jsonBody } from '../../lib/validate';
import {
  authResponseSchema,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
} from './auth.schema';
import { login, register, requestPasswordReset, resetPassword } from './auth.service';

const RESET_CODE_SENT = 'If an account matches, we have sent it a 6-digit code. It works for 10 minutes.';

export function authRoutes(deps: ShopDeps) {
  return new Hono<AppEnv>()
    .post('/register', jsonBody(registerSchema), async (c) => {
      const session = await register(deps, c.req.valid('json'));
      return c.json({ success: true, message: 'Registration successful!', ...session }, 201);
    })
    .post('/login', jsonBody(loginSchema), async (c) => {
      const session = await login(deps, c.req.valid('json'), clientAddress(c, deps.config.trustProxy));
      return c.json({ success: true, message: 'Login successful!', ...session });
    })
    .post('/forgot-password', jsonBody(forgotPasswordSchema), async (c) => {
      // Answered before the account is even looked up: the same path, and the same time, whether
      // or not it exists. The code is sent in the background.
      const input = c.req.valid('json');
      runInBackground(deps, 'password_reset', () => requestPasswordReset(deps, input));
      return c.json({ success: true, message: RESET_CODE_SENT });
    })
    .post('/reset-password', jsonBody(resetPasswordSchema), async (c) => {
      await resetPassword(deps, c.req.valid('json'));
      return c.json({ success: true, message: 'Password updated successfully!' });
    });
}

const message = z.object({ success: z.boolean(), message: z.string() });
export const authDocs: RouteDoc[] = [
  { method: 'post', path: '/auth/register', tag: 'auth', summary: 'Create an account and sign in', body: registerSchema, response: authResponseSchema, status: 201 },
  { method: 'post', path: '/auth/login', tag: 'auth', summary: 'Sign in by email or phone number', body: loginSchema, response: authResponseSchema },
  { method: 'post', path: '/auth/forgot-password', tag: 'auth', summary: 'Send a one-time reset code', body: forgotPasswordSchema, response: message },
  { method: 'post', path: '/auth/reset-password', tag: 'auth', summary: 'Set a new password with the code', body: resetPasswordSchema, response: message },
];
