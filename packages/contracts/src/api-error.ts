import { z } from 'zod';

/** The one error shape of the API; the web client reads message, name and fields. */
export const ApiErrorSchema = z.object({
  message: z.string(),
  name: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
