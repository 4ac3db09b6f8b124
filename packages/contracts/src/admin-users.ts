import { z } from 'zod';

/** The spec's registered user response (enrollment_date in seconds since epoch) plus the console's columns. */
export const RegisteredUserSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  enrollment_date: z.number().int(),
  publisherScope: z.string(),
  adminAccess: z.boolean(),
  disabled: z.boolean(),
});
export type RegisteredUser = z.infer<typeof RegisteredUserSchema>;
