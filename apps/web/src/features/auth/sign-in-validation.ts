// Loaded on the first interaction with the sign-in form (see login-page.tsx): zod and the
// contracts' schema are not needed to paint the page, only to validate it.
import { SignInSchema, TrackingEvents, type SignIn } from '@pc/contracts';
import { firstMessages } from './field-errors';

export type SignInErrors = Partial<Record<keyof SignIn, string>>;

/** The contracts' SignInSchema; the first message per field (required before invalid). */
export function validateSignIn(values: SignIn): { data: SignIn; errors: null } | { data: null; errors: SignInErrors } {
  const r = SignInSchema.safeParse(values);
  if (r.success) return { data: r.data, errors: null };
  return { data: null, errors: firstMessages(r.error.issues, ['email', 'password']) };
}

export const LOGIN_EVENT = TrackingEvents.login;
