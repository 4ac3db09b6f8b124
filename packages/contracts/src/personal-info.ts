import { z } from 'zod';
import { EmailField, PhoneField } from './fields';
import { ValidationMessages as M } from './validation-messages';

export const PersonalInfoSchema = z.object({
  firstName: z.string({ error: M.firstNameRequired }).trim().min(1, M.firstNameRequired).max(100),
  lastName: z.string({ error: M.lastNameRequired }).trim().min(1, M.lastNameRequired).max(100),
  email: EmailField,
  phoneNumber: PhoneField.optional().default(''),
});
export type PersonalInfo = z.infer<typeof PersonalInfoSchema>;
