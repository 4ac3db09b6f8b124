import { z } from 'zod';
import { EmailField, PhoneField } from './fields';
import { ValidationMessages as M } from './validation-messages';

export const PersonalInfoSchema = z.object({
  firstName: z.string({ error: M.firstNameRequired }).trim().min(1, M.firstNameRequired).max(100),
  lastName: z.string({ error: M.lastNameRequired }).trim().min(1, M.lastNameRequired).max(100),
  email: EmailField,
  phoneNumber: PhoneField.optional().default(''),
  /** Needed only when the e-mail changes: the same re-authentication as a password update. */
  currentPassword: z.string().max(1024).optional(),
});
export type PersonalInfo = z.infer<typeof PersonalInfoSchema>;

/**
 * Personal info as stored: a user invited or created by staff may have no name yet, and reading it
 * must not fail (the form then asks for the name). Saving goes through PersonalInfoSchema.
 */
export const PersonalInfoStoredSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  /** A new sign-in e-mail waiting for its confirmation link (absent when none). */
  pendingEmail: z.string().optional(),
});
export type PersonalInfoStored = z.infer<typeof PersonalInfoStoredSchema>;

/** The code from the confirmation link sent to the new address. */
export const ConfirmEmailChangeSchema = z.object({ code: z.string().trim().min(1, 'The confirmation code is missing.').max(200) });
export const ConfirmEmailChangeResponseSchema = z.object({ email: z.string() });
