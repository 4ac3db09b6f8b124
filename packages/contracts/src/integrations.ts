import { z } from 'zod';

export const ApiKeyAccessSchema = z.enum(['read', 'read_write']);
export type ApiKeyAccess = z.infer<typeof ApiKeyAccessSchema>;

export const CreateApiKeySchema = z.object({
  name: z.string().trim().min(1, 'Name the key (e.g. the tool that uses it).').max(80, 'Use at most 80 characters.'),
  access: ApiKeyAccessSchema,
});
export type CreateApiKey = z.infer<typeof CreateApiKeySchema>;

export const ReportingApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the secret, to recognise it; the secret itself is never shown again. */
  prefix: z.string(),
  access: ApiKeyAccessSchema,
  createdBy: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ReportingApiKey = z.infer<typeof ReportingApiKeySchema>;

export const CreatedApiKeySchema = z.object({ key: ReportingApiKeySchema, secret: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;

/** Every API key secret starts with this, so the server tells keys from ID tokens at a glance. */
export const API_KEY_PREFIX = 'pck_';
