import { z } from 'zod';
import { FlagShapeSchema, FlagValueSchema } from './feature-flags';

// The plan features' shared rules (intervals, report history) travel with the plans.
export * from './plan-features';

export const PlanFeatureSchema = z.object({
  key: z.string(),
  shape: FlagShapeSchema,
  description: z.string(),
  value: FlagValueSchema,
});
export type PlanFeature = z.infer<typeof PlanFeatureSchema>;

export const PlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  summary: z.string(),
  /** Features and limits: the feature-flag values the plan sets. */
  features: z.array(PlanFeatureSchema),
});
export type Plan = z.infer<typeof PlanSchema>;

export const PlanUsageSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** Null when the area does not count it yet (e.g. retention is a duration, not a count). */
  used: z.number().nullable(),
  limit: z.number(),
});
export type PlanUsage = z.infer<typeof PlanUsageSchema>;

export const PlanChangeRequestSchema = z.object({
  id: z.string(),
  publisherId: z.string(),
  publisherName: z.string(),
  planId: z.string(),
  planName: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  message: z.string(),
  requestedBy: z.string(),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
  /** Why staff approved or rejected it; '' while pending. */
  decisionReason: z.string(),
});
export type PlanChangeRequest = z.infer<typeof PlanChangeRequestSchema>;

export const MyPlanSchema = z.object({
  plan: PlanSchema,
  /** Whether the publisher chose it (false: the default plan). */
  chosen: z.boolean(),
  since: z.string().nullable(),
  sites: z.array(z.object({ id: z.string(), name: z.string(), domain: z.string(), planId: z.string() })),
  usage: z.array(PlanUsageSchema),
  pendingRequest: PlanChangeRequestSchema.nullable(),
});
export type MyPlan = z.infer<typeof MyPlanSchema>;

export const RequestPlanChangeSchema = z.object({
  planId: z.string().min(1, 'Choose a plan.').max(64),
  message: z.string().trim().max(2000).default(''),
});
export type RequestPlanChange = z.infer<typeof RequestPlanChangeSchema>;

/** The plan a publisher is on until it chooses another (it matches the flags' defaults). */
export const DEFAULT_PLAN_ID = 'growth';
