// Sign-up, sign-in and password reset shapes. Plain zod only: the web's forms use these too.
import { z } from 'zod';
import {
  fullNameField,
  newPasswordField,
  EMAIL_PATTERN,
  isPhoneLike,
  optionalPhoneField,
  optionalText,
} from '../../lib/fields';
import { roleSchema } from './roles.schema';

const password = newPasswordField;

const email = optionalText.refine((value) => !value || EMAIL_PATTERN.test(value), 'Invalid email format');
const phoneNumber = optionalPhoneField('Invalid phone number format');

const isPlainObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** POST /auth/register: a full name, an email and/or a phone number, and a password. */
export const registerSchema = z
  .object({
    fullName: fullNameField,
    email,
    phoneNumber,
    password,
  })
  .superRefine(
    (value, ctx) => {
      if (!value.email && !value.phoneNumber) {
        ctx.addIssue({ code: 'custom', path: ['email'], message: 'Email is required' });
        ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: 'Phone number is required' });
      }
    },
    // Also when other fields are wrong, so an empty form hears about every field at once (docs/product.md section 5).
    { when: (payload) => isPlainObject(payload.value) },
  );
export type RegisterInput = z.infer<typeof registerSchema>;

/** POST /auth/login: the identifier is an email or a phone number. */
export const loginSchema = z.object({
  identifier: z
    .string({ error: 'Please provide an email or phone number' })
    .trim()
    .min(1, 'Please provide an email or phone number')
    .max(200, 'Please provide an email or phone number'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** One of email or phone number names the account whose password is being reset. */
const resetIdentity = z.object({ email, phoneNumber });
function requireIdentity(value: { email?: string; phoneNumber?: string }, ctx: z.RefinementCtx) {
  if (!value.email && !value.phoneNumber) {
    ctx.addIssue({ code: 'custom', path: ['email'], message: 'Please provide an email or phone number' });
  }
}

/** POST /auth/forgot-password: sends a one-time code to the account, if there is one. */
export const forgotPasswordSchema = resetIdentity.superRefine(requireIdentity);
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** POST /auth/reset-password: the one-time code and the new password. */
export const resetPasswordSchema = resetIdentity
  .extend({
    code: z
      .string({ error: 'Enter the 6-digit code we sent you' })
      .trim()
      .regex(/^\d{6}$/, 'Enter the 6-digit code we sent you'),
    password,
  })
  .superRefine(requireIdentity);
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** A phone number as sign-in by code takes it: any usual spelling of a number. */
const signInPhone = z
  .string({ error: 'Phone number is required' })
  .trim()
  .min(1, 'Phone number is required')
  .max(30, 'Invalid phone number format')
  .refine((value) => isPhoneLike(value), 'Invalid phone number format');

/** POST /auth/sign-in-code: an SMS code to the account that has proven this number, if there is one. */
export const phoneCodeRequestSchema = z.object({ phoneNumber: signInPhone });
export type PhoneCodeRequestInput = z.infer<typeof phoneCodeRequestSchema>;

/** POST /auth/sign-in-with-code: the number and the 6-digit code sent to it. */
export const phoneCodeSignInSchema = z.object({
  phoneNumber: signInPhone,
  code: z
    .string({ error: 'Enter the 6-digit code we sent you' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code we sent you'),
});
export type PhoneCodeSignInInput = z.infer<typeof phoneCodeSignInSchema>;

export const publicUserSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string().optional(),
  phoneNumber: z.string().optional(),
  /** Every role the account holds, `shopper` first (roles.schema.ts); `staff` or `owner` opens the console. */
  roles: z.array(roleSchema),
  /** false while the number waits for its SMS code; only a verified number reaches USSD. */
  phoneVerified: z.boolean().optional(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const authResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  token: z.string(),
  user: publicUserSchema,
});

/** POST /user/verifyPhone: the 6-digit code sent by SMS to the number being verified. */
export const verifyPhoneSchema = z.object({
  code: z
    .string({ error: 'Enter the 6-digit code we sent you' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code we sent you'),
});
