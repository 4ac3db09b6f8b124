import { z } from 'zod';

/** The spec's four feature-flag shapes. */
export const FlagShapeSchema = z.enum(['BOOLEAN', 'LIMIT', 'SET', 'EXTENSION']);
export type FlagShape = z.infer<typeof FlagShapeSchema>;

/** A flag's value: BOOLEAN a boolean, LIMIT a whole number >= 0, SET a list of strings, EXTENSION a number. */
export const FlagValueSchema = z.union([z.boolean(), z.number(), z.array(z.string())]);
export type FlagValue = z.infer<typeof FlagValueSchema>;

export const FlagKeySchema = z
  .string()
  .regex(/^[a-z][a-z0-9_.-]{0,63}$/, 'Use lower-case letters, digits, dots, dashes or underscores (up to 64), starting with a letter.');

/** Checks a value against a shape; returns a message for the `fields` map or null when it fits. */
export function flagValueProblem(shape: FlagShape, value: unknown): string | null {
  switch (shape) {
    case 'BOOLEAN':
      return typeof value === 'boolean' ? null : 'A BOOLEAN flag takes true or false.';
    case 'LIMIT':
      return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 1_000_000_000
        ? null
        : 'A LIMIT flag takes a whole number from 0.';
    case 'EXTENSION':
      return typeof value === 'number' && Number.isFinite(value) ? null : 'An EXTENSION flag takes a number.';
    case 'SET':
      return Array.isArray(value) && value.every((v) => typeof v === 'string' && v.length <= 200) && value.length <= 500
        ? null
        : 'A SET flag takes a list of texts.';
  }
}

export const FlagDefinitionSchema = z.object({
  key: FlagKeySchema,
  shape: FlagShapeSchema,
  description: z.string().max(500),
  beta: z.boolean(),
  markedNew: z.boolean(),
  defaultValue: FlagValueSchema,
  overrides: z.number().int(),
  updatedAt: z.string(),
});
export type FlagDefinition = z.infer<typeof FlagDefinitionSchema>;

export const FlagDefinitionInputSchema = z.object({
  key: FlagKeySchema,
  shape: FlagShapeSchema,
  description: z.string().trim().max(500).default(''),
  beta: z.boolean().default(false),
  markedNew: z.boolean().default(false),
  defaultValue: FlagValueSchema,
});
export type FlagDefinitionInput = z.infer<typeof FlagDefinitionInputSchema>;

// Without defaults: an omitted field of a PATCH keeps its value (zod's partial() keeps defaults).
export const FlagDefinitionPatchSchema = z
  .object({ description: z.string().trim().max(500), beta: z.boolean(), markedNew: z.boolean(), defaultValue: FlagValueSchema })
  .partial();
export type FlagDefinitionPatch = z.infer<typeof FlagDefinitionPatchSchema>;

export const FlagOverrideSchema = z.object({
  key: FlagKeySchema,
  publisherId: z.string(),
  publisherName: z.string(),
  value: FlagValueSchema,
  /** Who set it: an admin in the console, or the publisher's plan (written when the plan was chosen). */
  source: z.enum(['admin', 'plan']),
  updatedAt: z.string(),
});
export type FlagOverride = z.infer<typeof FlagOverrideSchema>;

export const FlagOverrideInputSchema = z.object({ value: FlagValueSchema });

/** One flag as the selected publisher sees it: the override if any, else the default. */
export const EffectiveFlagSchema = z.object({
  key: FlagKeySchema,
  shape: FlagShapeSchema,
  value: FlagValueSchema,
  beta: z.boolean(),
  /** True while today <= showNewFeaturesUntil for flags marked new. */
  isNew: z.boolean(),
  overridden: z.boolean(),
});
export type EffectiveFlag = z.infer<typeof EffectiveFlagSchema>;
