import { z } from 'zod';
import { DayField } from './fields';

const isoDate = DayField('Use a date like 2026-12-31.');

/** Range (inclusive days, UTC) and optional site for the audience, performance and ad revenue views. */
export const SiteTagRangeQuerySchema = z
  .object({ from: isoDate, to: isoDate, siteId: z.string().max(64).optional() })
  .refine((q) => q.from <= q.to, { message: 'The start date must not be after the end date.', path: ['from'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 366 * 86_400_000, { message: 'Choose at most one year.', path: ['to'] });
export type SiteTagRangeQuery = z.infer<typeof SiteTagRangeQuerySchema>;

export const TaggedSiteSchema = z.object({
  id: z.string(),
  name: z.string(),
  domain: z.string(),
  tagKey: z.string(),
  scriptUrl: z.string(),
  snippet: z.string(),
  eventTrackerDataReceived: z.boolean(),
  /** The site is active (not deactivated by the provider). */
  active: z.boolean(),
  /** A page with this site's tag served by the demo server (demo mode only), to try the tag without a real site. */
  demoPageUrl: z.string().nullable(),
  /**
   * The tag records one page load in `sampleOneIn` (1 = all); `sampleRate` is the same as a
   * fraction. Every figure counts each recorded event `sampleOneIn` times, so page views, visitors
   * and visits are estimates when sampled; Core Web Vitals percentiles are over the recorded loads.
   */
  sampleOneIn: z.number().int().min(1),
  sampleRate: z.number().min(0).max(1),
});
export type TaggedSite = z.infer<typeof TaggedSiteSchema>;

/** Staff set a site's sample rate: the tag records one page load in `sampleOneIn` (1 = every load). */
export const TagSampleRateSchema = z.object({
  sampleOneIn: z
    .number({ error: 'Enter a whole number from 1 to 1000.' })
    .int('Enter a whole number from 1 to 1000.')
    .min(1, 'At least 1 (every page load).')
    .max(1000, 'At most 1000 (one page load in 1000).'),
});
export type TagSampleRate = z.infer<typeof TagSampleRateSchema>;

export const TagSampleRateResultSchema = z.object({ siteId: z.string(), publisherId: z.string(), sampleOneIn: z.number().int() });
export type TagSampleRateResult = z.infer<typeof TagSampleRateResultSchema>;

/** Verify installation: the page to check (default the site's home page); it must be on the site's domain. */
export const TagVerifyRequestSchema = z.object({
  url: z.string().trim().max(2048).url('Enter a full address such as https://www.example.com/.').optional().or(z.literal('')),
});
export type TagVerifyRequest = z.infer<typeof TagVerifyRequestSchema>;

export const TagVerificationSchema = z.object({
  url: z.string(),
  found: z.boolean(),
  message: z.string(),
});
export type TagVerification = z.infer<typeof TagVerificationSchema>;

const TopRowSchema = z.object({ key: z.string(), value: z.number() });
export const AudienceTotalsSchema = z.object({
  pageViews: z.number(),
  visitors: z.number(),
  visits: z.number(),
  avgEngagedSeconds: z.number().nullable(),
  avgScrollDepth: z.number().nullable(),
});
export const AudienceOverviewSchema = z.object({
  from: isoDate,
  to: isoDate,
  /** Unique visitors are approximate (HyperLogLog); this is the stated relative error. */
  visitorsRelativeError: z.number(),
  totals: AudienceTotalsSchema,
  previous: AudienceTotalsSchema,
  series: z.array(z.object({ date: isoDate, pageViews: z.number(), visitors: z.number() })),
  topPages: z.array(TopRowSchema),
  sources: z.array(z.object({ source: z.string(), medium: z.string(), value: z.number() })),
  campaigns: z.array(TopRowSchema),
  devices: z.array(TopRowSchema),
  browsers: z.array(TopRowSchema),
  countries: z.array(TopRowSchema),
  /** Events /t/collect refused over the range by its per-site and per-address limits (429s). */
  refusedEvents: z.number(),
});
export type AudienceOverview = z.infer<typeof AudienceOverviewSchema>;

export const WebVitalNameSchema = z.enum(['LCP', 'INP', 'CLS', 'FCP', 'TTFB']);
export type WebVitalName = z.infer<typeof WebVitalNameSchema>;
export const VitalRatingSchema = z.enum(['good', 'needs-improvement', 'poor']);
export type VitalRating = z.infer<typeof VitalRatingSchema>;
/** Published Core Web Vitals thresholds (web.dev): good up to the first, poor above the second. */
export const WEB_VITAL_THRESHOLDS: Record<WebVitalName, readonly [number, number]> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
  FCP: [1800, 3000],
  TTFB: [800, 1800],
};
export function rateVital(name: WebVitalName, p75: number): VitalRating {
  const [good, poor] = WEB_VITAL_THRESHOLDS[name];
  return p75 <= good ? 'good' : p75 <= poor ? 'needs-improvement' : 'poor';
}

const VitalSchema = z.object({ metric: WebVitalNameSchema, p75: z.number(), samples: z.number(), rating: VitalRatingSchema });
export const SitePerformanceSchema = z.object({
  from: isoDate,
  to: isoDate,
  overall: z.array(VitalSchema),
  byDevice: z.array(VitalSchema.extend({ device: z.string() })),
  byTemplate: z.array(VitalSchema.extend({ template: z.string() })),
  series: z.array(VitalSchema.extend({ date: isoDate })),
  worstPages: z.array(
    z.object({ path: z.string(), p75Lcp: z.number(), rating: VitalRatingSchema, samples: z.number(), element: z.string() }),
  ),
});
export type SitePerformance = z.infer<typeof SitePerformanceSchema>;

export const AdRevenueOverviewSchema = z.object({
  from: isoDate,
  to: isoDate,
  /**
   * pageRpm is revenue per 1,000 page views over the days that have revenue data only (revenue
   * arrives a day after page views); rpmPageViews are those page views, its denominator. The same
   * rule for the totals and each site, so the headline is the sites' page-view-weighted RPM.
   */
  totals: z.object({
    revenue: z.number(),
    pageViews: z.number(),
    pageRpm: z.number().nullable(),
    rpmPageViews: z.number(),
    previousRevenue: z.number(),
  }),
  series: z.array(z.object({ date: isoDate, revenue: z.number(), pageViews: z.number() })),
  sites: z.array(
    z.object({
      siteId: z.string(),
      name: z.string(),
      revenue: z.number(),
      previousRevenue: z.number(),
      pageViews: z.number(),
      pageRpm: z.number().nullable(),
      rpmPageViews: z.number(),
    }),
  ),
  products: z.array(z.object({ product: z.string(), revenue: z.number() })),
  rpmByLcp: z.array(z.object({ siteId: z.string(), rating: VitalRatingSchema, pageViews: z.number(), pageRpm: z.number().nullable() })),
});
export type AdRevenueOverview = z.infer<typeof AdRevenueOverviewSchema>;
