// Loaded on the first interaction with the sign-in form (see login-page.tsx): zod and the
// contracts' schema are not needed to paint the page, only to validate it.
import { SignInSchema, TrackingEvents, type SignIn } from '@pc/contracts';
import type { Validate } from '../../lib/use-plain-form';
import { firstMessages } from './field-errors';

/** The contracts' SignInSchema; the first message per field (required before invalid). */
export const validateSignIn: Validate<SignIn> = (values) => {
  const r = SignInSchema.safeParse(values);
  return r.success ? { data: r.data, errors: null } : { data: null, errors: firstMessages(r.error.issues, ['email', 'password']) };
};

export const LOGIN_EVENT = TrackingEvents.login;
