// The client-side forms of docs/product.md section 5. They extend the server's own schemas (the same rules run on
// the server) with what only the form has: the email/phone toggle, confirmation fields and the terms box.
import { z } from 'zod';
import { loginSchema, registerSchema, resetPasswordSchema } from '@server/modules/auth/auth.schema';
import { EMAIL_PATTERN, isPhoneLike } from '@server/lib/fields';

export const IDENTIFIER_REQUIRED = 'Please provide an email or phone number';
export const INVALID_EMAIL = 'Invalid email format';
export const INVALID_PHONE_EXAMPLE = 'Invalid phone number format (e.g., +1234567890)';

export type IdentifierMethod = 'email' | 'phone';
const method = z.enum(['email', 'phone']);

/** Checks the identifier against the chosen method (docs/product.md section 5: the login and reset rules). */
function checkIdentifier(value: { method: IdentifierMethod; identifier: string }, ctx: z.RefinementCtx) {
  const identifier = value.identifier.trim();
  if (!identifier) return; // the required message already covers it
  if (value.method === 'email' && !EMAIL_PATTERN.test(identifier)) {
    ctx.addIssue({ code: 'custom', path: ['identifier'], message: INVALID_EMAIL });
  }
  // isPhoneLike is the server's rule: docs/product.md's international pattern, plus the local 07xx form Kigali uses.
  if (value.method === 'phone' && !isPhoneLike(identifier)) {
    ctx.addIssue({ code: 'custom', path: ['identifier'], message: INVALID_PHONE_EXAMPLE });
  }
}

export const loginFormSchema = loginSchema
  .extend({ method, remember: z.boolean() })
  .superRefine(checkIdentifier);
export type LoginFormValues = z.input<typeof loginFormSchema>;

export const signupFormSchema = registerSchema
  .safeExtend({
    confirmPassword: z.string(),
    terms: z.boolean().refine((accepted) => accepted, 'You must agree to the Terms & Conditions'),
  })
  // `when` makes the match check run even while other fields are still wrong, so all messages show at once.
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
    when: () => true,
  });
export type SignupFormValues = z.input<typeof signupFormSchema>;

export const resetIdentityFormSchema = z
  .object({ method, identifier: z.string().trim().min(1, IDENTIFIER_REQUIRED) })
  .superRefine(checkIdentifier);
export type ResetIdentityFormValues = z.input<typeof resetIdentityFormSchema>;

export const resetPasswordFormSchema = z
  .object({
    code: resetPasswordSchema.shape.code,
    password: resetPasswordSchema.shape.password,
    confirmPassword: z.string(),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    message: "Passwords don't match",
    when: () => true,
  });
export type ResetPasswordFormValues = z.input<typeof resetPasswordFormSchema>;
