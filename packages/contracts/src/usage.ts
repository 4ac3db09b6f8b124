import { z } from 'zod';
import { DayField } from './fields';

/** The four user types of docs/product.md (usage tracking), plus events sent before sign-in. */
export const UsageUserTypes = ['provider_admin', 'provider_staff', 'media_owner_single', 'media_owner_multiple', 'anonymous'] as const;
export const UsageUserTypeSchema = z.enum(UsageUserTypes);
export type UsageUserType = z.infer<typeof UsageUserTypeSchema>;
export const UsageUserTypeLabels: Record<UsageUserType, string> = {
  provider_admin: 'Provider admin',
  provider_staff: 'Provider staff',
  media_owner_single: 'Media owner, one account',
  media_owner_multiple: 'Media owner, several accounts',
  anonymous: 'Not signed in',
};

/** Longest range the console asks for at once (a year and a day). */
export const USAGE_MAX_DAYS = 366;

const UsageQueryBase = z.object({
  from: DayField('Use a date YYYY-MM-DD.'),
  to: DayField('Use a date YYYY-MM-DD.'),
  /** One partner; absent for all partners. */
  publisherId: z.string().trim().min(1).max(64).optional(),
  userType: UsageUserTypeSchema.optional(),
});
const checkRange = (q: { from: string; to: string }, ctx: z.RefinementCtx) => {
  const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000;
  if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date must not be before the start date.' });
  else if (days >= USAGE_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `Choose at most ${USAGE_MAX_DAYS} days.` });
};
export const UsageQuerySchema = UsageQueryBase.superRefine(checkRange);
export type UsageQuery = z.infer<typeof UsageQuerySchema>;

export const UsageReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Every day of the range, zeros included, so charts have no gaps. */
  daily: z.array(z.object({ day: z.string(), activeUsers: z.number().int(), events: z.number().int() })),
  totals: z.object({ activeUsers: z.number().int(), events: z.number().int(), pageViews: z.number().int() }),
  byUserType: z.array(z.object({ userType: UsageUserTypeSchema, activeUsers: z.number().int(), events: z.number().int() })),
  events: z.array(z.object({ event: z.string(), count: z.number().int() })),
  pages: z.array(z.object({ page: z.string(), views: z.number().int() })),
  /** By partner ('' = no partner: staff outside a partner, anonymous); empty when one partner is chosen. */
  partners: z.array(
    z.object({ publisherId: z.string(), name: z.string().nullable(), activeUsers: z.number().int(), events: z.number().int() }),
  ),
});
export type UsageReport = z.infer<typeof UsageReportSchema>;

/** What a usage CSV export holds: one of the report's tables. */
export const UsageExportKinds = ['daily', 'events', 'pages', 'partners'] as const;
export type UsageExportKind = (typeof UsageExportKinds)[number];
export const UsageExportQuerySchema = UsageQueryBase.extend({ kind: z.enum(UsageExportKinds).default('daily') }).superRefine(checkRange);
