// The shopper's own profile. Plain zod only: the web's profile form uses these too.
import { z } from 'zod';
import {
  fullNameField,
  newPasswordField,
  EMAIL_PATTERN,
  PROFILE_PHONE_PATTERN,
  optionalPhoneField,
  optionalText,
} from '../../lib/fields';
import { publicUserSchema } from '../auth/auth.schema';

/**
 * PUT /user/updateProfile. The profile form asks for an email (docs/product.md section 5); a shopper
 * who signed up with only a phone number (USSD) must still be able to edit the profile, so email may be
 * left empty while a phone number is kept, and at least one of the two stays.
 */
export const updateProfileSchema = z
  .object({
    fullName: fullNameField,
    email: optionalText.refine((value) => !value || EMAIL_PATTERN.test(value), 'Invalid or missing email'),
    phoneNumber: optionalPhoneField('Invalid phone number', PROFILE_PHONE_PATTERN),
    // The one password rule (sign-up, reset, change), here optional: left empty keeps the password.
    password: optionalText.pipe(newPasswordField.optional()),
  })
  .superRefine((value, ctx) => {
    if (!value.email && !value.phoneNumber) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'Invalid or missing email' });
    }
  });
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

/** PUT /user/updatePassword: a signed-in shopper changes only their own password. */
export const updatePasswordSchema = z.object({
  email: optionalText,
  phoneNumber: optionalText,
  password: newPasswordField,
});
export type UpdatePasswordInput = z.infer<typeof updatePasswordSchema>;

/** GET /user/is-auth: the session's account, its id as `id`. */
export const isAuthReplySchema = z.object({ success: z.boolean(), user: publicUserSchema.omit({ _id: true }).extend({ id: z.string() }) });
export type IsAuthReply = z.infer<typeof isAuthReplySchema>;
/** GET /user/account: the shopper's own record, its fields at the top level. */
export const accountReplySchema = publicUserSchema.extend({ success: z.boolean() });
export type AccountReply = z.infer<typeof accountReplySchema>;
/** A change to the account answers with the account as it is now. */
export const userReplySchema = z.object({ success: z.boolean(), message: z.string(), user: publicUserSchema });
export type UserReply = z.infer<typeof userReplySchema>;
