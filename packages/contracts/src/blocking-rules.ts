import { z } from 'zod';
import { DayField } from './fields';

/** Blocking rules: shapes shared by the API, the OpenAPI doc and the web forms. */
export const BLOCKING_RULE_TYPES = ['advertiser_domain', 'brand', 'iab_category', 'keyword'] as const;
export const BlockingRuleTypeSchema = z.enum(BLOCKING_RULE_TYPES);
export type BlockingRuleType = z.infer<typeof BlockingRuleTypeSchema>;
export const BLOCKING_RULE_TYPE_LABELS: Record<BlockingRuleType, string> = {
  advertiser_domain: 'Advertiser domain',
  brand: 'Brand',
  iab_category: 'IAB content category',
  keyword: 'Keyword',
};
export const BlockingRuleStatusSchema = z.enum(['active', 'paused', 'expired']);
export type BlockingRuleStatus = z.infer<typeof BlockingRuleStatusSchema>;

const isoDate = DayField('Use a date like 2026-12-31.');

export const BlockingRuleInputSchema = z.object({
  name: z.string().trim().min(1, 'Name is required!').max(120, 'Use at most 120 characters.'),
  type: BlockingRuleTypeSchema,
  values: z.array(z.string().max(500)).min(1, 'Add at least one value.'),
  /** null: every site of the publisher. */
  siteIds: z.array(z.string().min(1)).min(1, 'Choose at least one site, or apply to all sites.').nullable(),
  expiresAt: isoDate.nullable(),
});
export type BlockingRuleInput = z.infer<typeof BlockingRuleInputSchema>;

export const BlockingRuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: BlockingRuleTypeSchema,
  values: z.array(z.string()),
  siteIds: z.array(z.string()).nullable(),
  expiresAt: z.string().nullable(),
  status: BlockingRuleStatusSchema,
  /** The spec's entity: publisher name and id. */
  publisherId: z.string(),
  publisherName: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type BlockingRule = z.infer<typeof BlockingRuleSchema>;

export const BlockingRuleSavedSchema = z.object({
  rule: BlockingRuleSchema,
  /** Duplicate or contradictory rules, in plain words (the save still happened). */
  notices: z.array(z.string()),
});
export type BlockingRuleSaved = z.infer<typeof BlockingRuleSavedSchema>;

export const BlockingRuleCheckSchema = z.object({
  values: z.array(z.string()),
  notices: z.array(z.string()),
});

export const ImpactPreviewSchema = z.object({
  dateFrom: z.string(),
  dateTo: z.string(),
  /**
   * false when the rule cannot be priced from the report facts: keywords (the facts hold no page
   * content), or a domain or category rule when no sales in scope recorded that column.
   */
  priced: z.boolean(),
  /** Why the rule is not priced, in plain words; null when it is. */
  reason: z.string().nullable(),
  /**
   * Share of the net revenue in the rule's scope whose sales recorded the rule's column (advertiser
   * domain, IAB category; always 1 for brands). Sales without it are not counted as removed, so
   * below 1 the real impact may be larger. null when not priced.
   */
  coverage: z.number().nullable(),
  currency: z.string(),
  totalRevenue: z.number(),
  totalImpressions: z.number(),
  removedRevenue: z.number(),
  removedImpressions: z.number(),
  revenueShare: z.number(),
  impressionShare: z.number(),
  sites: z.array(
    z.object({
      siteId: z.string(),
      siteName: z.string(),
      removedRevenue: z.number(),
      removedImpressions: z.number(),
      revenueShare: z.number(),
      /** As `coverage`, for this site's revenue. */
      coverage: z.number().nullable(),
    }),
  ),
  /** Plain-words warnings: more than half the revenue, or every brand (domain, category) blocked. */
  warnings: z.array(z.string()),
});
export type ImpactPreview = z.infer<typeof ImpactPreviewSchema>;

export const BlockingRuleHistoryEntrySchema = z.object({
  at: z.string(),
  action: z.string(),
  actor: z.string().nullable(),
  changes: z.record(z.string(), z.unknown()).nullable(),
});
export type BlockingRuleHistoryEntry = z.infer<typeof BlockingRuleHistoryEntrySchema>;

export const IabCategorySchema = z.object({ id: z.string(), name: z.string(), path: z.string() });
export type IabCategory = z.infer<typeof IabCategorySchema>;

export const BlockingFeedSchema = z.object({
  publisherId: z.string(),
  sites: z.array(
    z.object({
      siteId: z.string(),
      domain: z.string(),
      rules: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          type: BlockingRuleTypeSchema,
          values: z.array(z.string()),
          expiresAt: z.string().nullable(),
        }),
      ),
    }),
  ),
});
export type BlockingFeed = z.infer<typeof BlockingFeedSchema>;

/** Every blocking-feed key starts with this, so the feed tells it from the provider token at a glance. */
export const FEED_KEY_PREFIX = 'pcf_';

export const CreateFeedKeySchema = z.object({
  name: z.string().trim().min(1, 'Name the key (e.g. the ad server that uses it).').max(80, 'Use at most 80 characters.'),
});
export type CreateFeedKey = z.infer<typeof CreateFeedKeySchema>;

export const FeedKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the secret, to recognise it; the secret itself is never shown again. */
  prefix: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type FeedKey = z.infer<typeof FeedKeySchema>;

export const CreatedFeedKeySchema = z.object({ key: FeedKeySchema, secret: z.string() });
export type CreatedFeedKey = z.infer<typeof CreatedFeedKeySchema>;
