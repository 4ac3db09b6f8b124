import { z } from 'zod';
import { EmailField } from './fields';

/** Uptime monitors: shapes shared by the API, the OpenAPI doc and the web forms. */
export const MONITOR_METHODS = ['GET', 'HEAD', 'POST'] as const;
export const MonitorMethodSchema = z.enum(MONITOR_METHODS);
export const MonitorStatusSchema = z.enum(['pending', 'up', 'down', 'paused']);
export type MonitorStatus = z.infer<typeof MonitorStatusSchema>;

/** The product's floor and ceiling; a plan may raise the floor (shortest interval flag). */
export const MONITOR_MIN_INTERVAL_SECONDS = 30;
export const MONITOR_MAX_INTERVAL_SECONDS = 86_400;

/** One accepted status: a code (`200`) or an inclusive range (`200-299`). */
const STATUS_PATTERN = /^[1-5]\d\d(-[1-5]\d\d)?$/;
export const StatusCodeRuleField = z
  .string()
  .trim()
  .regex(STATUS_PATTERN, 'Use a code like 200 or a range like 200-299.')
  .refine((v) => {
    const [a, b] = v.split('-').map(Number);
    return b === undefined || a! <= b;
  }, 'The range must go from low to high.');

/** True when `status` is accepted by any of the rules (`200`, `200-299`). */
export function statusAccepted(status: number, rules: readonly string[]): boolean {
  return rules.some((r) => {
    const [a, b] = r.split('-').map(Number);
    return b === undefined ? status === a : status >= a! && status <= b;
  });
}

const httpUrl = z
  .string()
  .trim()
  .min(1, 'URL is required!')
  .max(2000, 'Use at most 2000 characters.')
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
    } catch {
      return false;
    }
  }, 'Enter a web address starting with http:// or https://');

const MonitorFields = z.object({
  name: z.string().trim().min(1, 'Name is required!').max(120, 'Use at most 120 characters.'),
  url: httpUrl,
  method: MonitorMethodSchema.default('GET'),
  /** null: not tied to one of the publisher's sites. */
  siteId: z.string().min(1).max(64).nullable().default(null),
  intervalSeconds: z.coerce
    .number({ error: 'Enter the interval in seconds.' })
    .int('Use whole seconds.')
    .min(MONITOR_MIN_INTERVAL_SECONDS, 'Check at most every 30 seconds.')
    .max(MONITOR_MAX_INTERVAL_SECONDS, 'Check at least once a day (86400 seconds).'),
  timeoutSeconds: z.coerce
    .number({ error: 'Enter the time-out in seconds.' })
    .int('Use whole seconds.')
    .min(1, 'Allow at least 1 second.')
    .max(60, 'Allow at most 60 seconds.'),
  /** Failed checks in a row tolerated before the monitor counts as down. */
  retries: z.coerce.number({ error: 'Enter a number.' }).int('Use a whole number.').min(0, 'Use 0 or more.').max(10, 'Use at most 10.'),
  acceptedStatusCodes: z.array(StatusCodeRuleField).min(1, 'Accept at least one status code.').max(20, 'Use at most 20 rules.'),
  keyword: z
    .string()
    .trim()
    .max(200, 'Use at most 200 characters.')
    .nullable()
    .default(null)
    .transform((v) => (v ? v : null)),
  /** `contains`: down when the keyword is missing; `absent`: down when it appears. */
  keywordMode: z.enum(['contains', 'absent']).default('contains'),
  /** Warn this many days before the TLS certificate expires; 0 turns the warning off. */
  certExpiryDays: z.coerce
    .number({ error: 'Enter a number of days.' })
    .int('Use whole days.')
    .min(0, 'Use 0 or more.')
    .max(365, 'Use at most 365.'),
  followRedirects: z.boolean().default(true),
  notifyEmails: z.array(EmailField).max(20, 'Use at most 20 addresses.').default([]),
  /**
   * Removed (migration 0033): monitor events go to the publisher's signed webhook subscriptions
   * (Integrations: secret, retries, delivery log). Old clients that send `null` (a read-modify-write
   * of an old answer) still pass and it is dropped; a URL is a 400 on this field, because silently
   * accepting it would let the client believe the address receives events.
   */
  webhookUrl: z
    .null({
      error: 'Per-monitor webhook addresses are no longer supported: subscribe a webhook to monitor events in Integrations instead.',
    })
    .optional(),
});

const timeoutBelowInterval = (v: { timeoutSeconds: number; intervalSeconds: number }) => v.timeoutSeconds < v.intervalSeconds;
const timeoutIssue = { message: 'The time-out must be shorter than the interval.', path: ['timeoutSeconds'] };

export const MonitorInputSchema = MonitorFields.refine(timeoutBelowInterval, timeoutIssue);
export type MonitorInput = z.infer<typeof MonitorInputSchema>;
export type MonitorFormValues = z.input<typeof MonitorInputSchema>;

/** "Test now" takes the same fields (the monitor need not be saved). */
export const MonitorTestSchema = MonitorInputSchema;

export const CheckTimingsSchema = z.object({
  dnsMs: z.number().nullable(),
  connectMs: z.number().nullable(),
  tlsMs: z.number().nullable(),
  firstByteMs: z.number().nullable(),
  totalMs: z.number(),
});
export type CheckTimings = z.infer<typeof CheckTimingsSchema>;

export const CheckResultSchema = z.object({
  at: z.string(),
  ok: z.boolean(),
  httpStatus: z.number().nullable(),
  timings: CheckTimingsSchema,
  certExpiresAt: z.string().nullable(),
  /** null when no keyword is configured. */
  keywordFound: z.boolean().nullable(),
  /** Plain words, e.g. "status 503 is not accepted"; null when the check passed. */
  error: z.string().nullable(),
  /** The URL that answered last (after redirects, when followed). */
  finalUrl: z.string().nullable(),
});
export type CheckResult = z.infer<typeof CheckResultSchema>;

/** What the API answers (plain fields: response schemas carry no transforms). */
export const MonitorSchema = z.object({
  name: z.string(),
  url: z.string(),
  method: MonitorMethodSchema,
  siteId: z.string().nullable(),
  intervalSeconds: z.number(),
  timeoutSeconds: z.number(),
  retries: z.number(),
  acceptedStatusCodes: z.array(z.string()),
  keyword: z.string().nullable(),
  keywordMode: z.enum(['contains', 'absent']),
  certExpiryDays: z.number(),
  followRedirects: z.boolean(),
  notifyEmails: z.array(z.string()),
  /** Outside addresses of `notifyEmails` that have not confirmed yet: they get no alerts until they do. */
  pendingRecipients: z.array(z.string()),
  id: z.string(),
  publisherId: z.string(),
  publisherName: z.string(),
  siteName: z.string().nullable(),
  status: MonitorStatusSchema,
  lastCheckAt: z.string().nullable(),
  /** When the scheduler checks next (the first check of a new or resumed monitor); null while paused. */
  nextCheckAt: z.string().nullable(),
  lastResponseMs: z.number().nullable(),
  lastError: z.string().nullable(),
  certExpiresAt: z.string().nullable(),
  /** Percentages 0-100 from the rollups; null before the first check. */
  uptime24h: z.number().nullable(),
  uptime30d: z.number().nullable(),
  /** Hourly average response times of the last 24 h (oldest first) for the list's sparkline. */
  sparkline: z.array(z.number().nullable()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Monitor = z.infer<typeof MonitorSchema>;

export const MonitorListQuerySchema = z.object({
  status: MonitorStatusSchema.optional(),
  q: z.string().trim().max(200).optional(),
});
export type MonitorListQuery = z.infer<typeof MonitorListQuerySchema>;

export const MonitorBulkSchema = z.object({
  ids: z.array(z.string().min(1).max(64)).min(1, 'Choose at least one monitor.').max(500),
  action: z.enum(['pause', 'resume']),
});
export type MonitorBulk = z.infer<typeof MonitorBulkSchema>;

export const MonitorRangeSchema = z.enum(['24h', '7d', '30d', '365d']);
export type MonitorRange = z.infer<typeof MonitorRangeSchema>;

export const MonitorStatsSchema = z.object({
  range: MonitorRangeSchema,
  uptime: z.object({ h24: z.number().nullable(), d7: z.number().nullable(), d30: z.number().nullable(), d365: z.number().nullable() }),
  /** Response-time percentiles over the range, from the rollups' histograms. */
  p50Ms: z.number().nullable(),
  p95Ms: z.number().nullable(),
  p99Ms: z.number().nullable(),
  /** Hourly points for 24h/7d, daily for 30d/365d. */
  series: z.array(z.object({ at: z.string(), avgMs: z.number().nullable(), uptime: z.number().nullable(), checks: z.number() })),
  /** Uptime per day of the last 30 days (for the bar). */
  daily: z.array(z.object({ day: z.string(), uptime: z.number().nullable(), checks: z.number() })),
});
export type MonitorStats = z.infer<typeof MonitorStatsSchema>;

export const MonitorLimitsSchema = z.object({
  maxMonitors: z.number(),
  minIntervalSeconds: z.number(),
  /** The check intervals the plan offers (uptime.check_intervals, in seconds, shortest first). */
  allowedIntervalSeconds: z.array(z.number()),
  used: z.number(),
});
export type MonitorLimits = z.infer<typeof MonitorLimitsSchema>;
