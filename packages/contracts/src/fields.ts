import { z } from 'zod';
import { isValidPhoneNumber } from 'libphonenumber-js';
import { ValidationMessages as M } from './validation-messages';

// A pragmatic address check: one @, no spaces, a dot in the domain. Stricter RFC parsing
// rejects addresses that real mail servers accept.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Required e-mail with the spec's two messages (required first, then invalid). */
export const EmailField = z
  .string({ error: M.emailRequired })
  .trim()
  .min(1, M.emailRequired)
  .regex(EMAIL_PATTERN, M.emailInvalid)
  .max(254, M.emailInvalid);

export const PasswordField = z.string({ error: M.passwordRequired }).min(1, M.passwordRequired);

/** Optional phone: empty is allowed, anything else must be a valid international number. */
export const PhoneField = z
  .string()
  .trim()
  .max(32, M.phoneInvalid)
  .refine((v) => v === '' || isValidPhoneNumber(v), M.phoneInvalid);
