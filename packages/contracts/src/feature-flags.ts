import { z } from 'zod';

/** The spec's four feature-flag shapes. */
export const FlagShapeSchema = z.enum(['BOOLEAN', 'LIMIT', 'SET', 'EXTENSION']);
export type FlagShape = z.infer<typeof FlagShapeSchema>;

/** A flag's value: BOOLEAN a boolean, LIMIT a whole number >= 0, SET a list of strings, EXTENSION a number. */
export const FlagValueSchema = z.union([z.boolean(), z.number(), z.array(z.string())]);
export type FlagValue = z.infer<typeof FlagValueSchema>;

/**
 * The name of a flag that exists: what paths and answers carry. Looser than a new name's rule
 * (below), so a flag created before that rule stays readable and can still be deleted.
 */
export const FlagKeySchema = z
  .string()
  .regex(/^[a-z][a-z0-9_.-]{0,63}$/, 'Use lower-case letters, digits, dots, dashes or underscores (up to 64), starting with a letter.');

/** A new flag's name: lower-case dotted segments, e.g. `uptime.check_intervals`. */
export const FLAG_KEY_PATTERN = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$/;
export const FLAG_KEY_MAX = 64;
/**
 * Segments that are properties every JavaScript object has (lower-case ones; the pattern already
 * refuses `toString`, `__proto__` and the like): a flag name is a key of plans' values, audit
 * details and client-side lookups, where these would read the object's own machinery.
 */
const RESERVED_FLAG_SEGMENTS: ReadonlySet<string> = new Set(['constructor', 'prototype']);

export const NewFlagKeySchema = z
  .string()
  .max(FLAG_KEY_MAX, `Use at most ${FLAG_KEY_MAX} characters.`)
  .regex(
    FLAG_KEY_PATTERN,
    'Use lower-case words of letters, digits and underscores joined by dots, each starting with a letter (e.g. uptime.check_intervals).',
  )
  .refine((k) => !k.split('.').some((s) => RESERVED_FLAG_SEGMENTS.has(s)), 'This name is reserved; choose another.');

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
  key: NewFlagKeySchema,
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
