import { z } from 'zod';

/**
 * Revenue at risk (docs/product.md#revenue-at-risk): money per day each cause is costing a site,
 * priced from the portal's own facts over the last complete days.
 */
export const RISK_PERIOD_DAYS = 28;

/**
 * The product types sold programmatically through the provider's ads.txt lines: when the lines
 * are missing or the file cannot be read, buyers that check ads.txt stop bidding on them.
 */
export const ADS_TXT_PRODUCT_TYPES = ['Display', 'Native', 'Video'] as const;

export const RISK_CAUSE_KINDS = ['adstxt', 'downtime', 'pageSpeed', 'blocking'] as const;
export const RiskCauseKindSchema = z.enum(RISK_CAUSE_KINDS);
export type RiskCauseKind = z.infer<typeof RiskCauseKindSchema>;

export const RISK_CAUSE_LABELS: Record<RiskCauseKind, string> = {
  adstxt: 'ads.txt',
  downtime: 'Downtime',
  pageSpeed: 'Page speed',
  blocking: 'Blocking rules',
};

/** priced: a number; tooLittleData: the cause may exist but the facts cannot price it; none: nothing at risk. */
export const RiskStatusSchema = z.enum(['priced', 'tooLittleData', 'none']);
export type RiskStatus = z.infer<typeof RiskStatusSchema>;

/** One input of a formula, as the breakdown shows it. */
export const RiskInputSchema = z.object({
  label: z.string(),
  value: z.number(),
  unit: z.enum(['money', 'count', 'minutes', 'days', 'rpm']),
});
export type RiskInput = z.infer<typeof RiskInputSchema>;

/** Where the cause is fixed: the missing lines, the monitor, the slowest pages, the rule. */
export const RiskFixSchema = z.object({ label: z.string(), href: z.string() });
export type RiskFix = z.infer<typeof RiskFixSchema>;

export const RiskCauseSchema = z.object({
  kind: RiskCauseKindSchema,
  status: RiskStatusSchema,
  /** Money per day in the publisher's currency, rounded to the cent; null unless priced. */
  amountPerDay: z.number().nullable(),
  /** The formula in words, e.g. "daily revenue of Display, Native, Video". */
  formula: z.string(),
  inputs: z.array(RiskInputSchema),
  /** Why there is no number (too little data) or what was found (none). */
  note: z.string().nullable(),
  fixes: z.array(RiskFixSchema),
});
export type RiskCause = z.infer<typeof RiskCauseSchema>;

export const SiteRevenueAtRiskSchema = z.object({
  siteId: z.string(),
  siteName: z.string(),
  /** The sum of the site's priced causes. */
  amountPerDay: z.number(),
  /** One entry per kind, in RISK_CAUSE_KINDS order. */
  causes: z.array(RiskCauseSchema),
});
export type SiteRevenueAtRisk = z.infer<typeof SiteRevenueAtRiskSchema>;

export const RevenueAtRiskSchema = z.object({
  currency: z.string(),
  /** The complete days the causes are priced over (the publisher's reporting days). */
  period: z.object({ from: z.string(), to: z.string(), days: z.number().int() }),
  totals: z.object({
    amountPerDay: z.number(),
    byKind: z.object({ adstxt: z.number(), downtime: z.number(), pageSpeed: z.number(), blocking: z.number() }),
  }),
  /** Sites by amount at risk, largest first. */
  sites: z.array(SiteRevenueAtRiskSchema),
});
export type RevenueAtRisk = z.infer<typeof RevenueAtRiskSchema>;

export const RevenueAtRiskQuerySchema = z
  .object({
    /** One site only; without it, every active site of the publisher. */
    siteId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'A site id is letters, digits, - or _.')
      .optional(),
  })
  .strict();
export type RevenueAtRiskQuery = z.input<typeof RevenueAtRiskQuerySchema>;
