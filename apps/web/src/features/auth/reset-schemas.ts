// Loaded on the first submit of a reset form (usePlainForm): zod and the contracts' schemas are
// not needed to paint /forgot.
import { ConfirmResetSchema, ForgotPasswordSchema, type ConfirmReset, type ForgotPassword } from '@pc/contracts';
import type { Validate } from '../../lib/use-plain-form';
import { firstMessages } from './field-errors';

export const validateForgot: Validate<ForgotPassword> = (values) => {
  const r = ForgotPasswordSchema.safeParse(values);
  return r.success ? { data: r.data, errors: null } : { data: null, errors: firstMessages(r.error.issues, ['email']) };
};

export const validateConfirmReset: Validate<ConfirmReset> = (values) => {
  const r = ConfirmResetSchema.safeParse(values);
  return r.success ? { data: r.data, errors: null } : { data: null, errors: firstMessages(r.error.issues, ['code', 'newPassword']) };
};
