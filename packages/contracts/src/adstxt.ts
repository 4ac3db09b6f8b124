import { z } from 'zod';

/** Ads.txt API shapes (the spec's ads.txt item plus status, crawl and hosting). */
export const AdsTxtProblemSchema = z.object({
  line: z.number(),
  severity: z.enum(['error', 'warning']),
  code: z.string(),
  reason: z.string(),
});
export const AdsTxtItemSchema = z.object({
  domain_id: z.string(),
  domain_name: z.string(),
  pub_name: z.string(),
  pub_an_id: z.string().nullable(),
  ads_txt_redirection_status: z.enum(['not_set_up', 'pending', 'verified', 'broken']),
  redirection_reason: z.string().nullable(),
  revision_id: z.number().nullable(),
  hosted: z.boolean(),
  hostedUrl: z.string(),
  /** 'web': the site's /ads.txt; 'app': an app developer domain's /app-ads.txt. */
  kind: z.enum(['web', 'app']),
  status: z.enum(['authorized', 'missing_lines', 'not_found', 'error', 'not_crawled']),
  missingCount: z.number(),
  /** Lines of the file as read that buyers' crawlers drop (lines the parser finds in error); 0 when none was read. */
  ignoredLines: z.number(),
  /** Why the latest crawl failed, in plain words; null when it succeeded. */
  errorReason: z.string().nullable(),
  /** The last successful read of the file (null when it was never read). */
  lastCrawl: z.object({ at: z.string(), httpStatus: z.number().nullable(), stale: z.boolean(), usedPrevious: z.boolean() }).nullable(),
  /** The latest crawl attempt, successful or not. */
  lastAttempt: z.object({ at: z.string(), ok: z.boolean() }).nullable(),
  /** Missing lines and problems describe a file read in the latest crawl (not a kept older copy). */
  readInLatestCrawl: z.boolean(),
  /** How many records sellers.json contradicts (records with an error or warning of the cross-check). */
  sellerIssues: z.number(),
});
export const CrawlHopSchema = z.object({
  url: z.string(),
  status: z.number(),
  rule: z.enum(['start', 'within_root', 'off_root', 'redirects_again']),
  note: z.string(),
  contentType: z.string().nullable(),
  size: z.number().nullable(),
  lastModified: z.string().nullable(),
  cacheControl: z.string().nullable(),
  expires: z.string().nullable(),
});
export type CrawlHopItem = z.infer<typeof CrawlHopSchema>;
/** One record checked against its advertising system's sellers.json (IAB sellers.json 1.0). */
export const SellerCheckSchema = z.object({
  line: z.number(),
  code: z.enum(['seller_not_found', 'type_mismatch', 'domain_mismatch', 'confidential_seller', 'sellers_json_unavailable']),
  severity: z.enum(['error', 'warning', 'info']),
  reason: z.string(),
});
/** A departure of a sellers.json file from IAB sellers.json 1.0, counted per kind with its first example. */
export const SellersJsonFileIssueSchema = z.object({
  code: z.enum([
    'missing_seller_id',
    'bad_seller_type',
    'missing_name',
    'missing_domain',
    'bad_version',
    'no_sellers',
    'duplicate_seller_id',
    'unknown_key',
  ]),
  count: z.number(),
  example: z.string(),
});
export const SellersJsonStateSchema = z.object({
  system: z.string(),
  status: z.enum(['ok', 'not_found', 'error', 'malformed', 'too_large', 'pending']),
  reason: z.string().nullable(),
  checkedAt: z.string().nullable(),
  /** What the last read file breaks of the spec (empty when it was not read). */
  issues: z.array(SellersJsonFileIssueSchema),
});
export type SellersJsonFileIssue = z.infer<typeof SellersJsonFileIssueSchema>;
export type SellerCheck = z.infer<typeof SellerCheckSchema>;
export type SellersJsonState = z.infer<typeof SellersJsonStateSchema>;
export const AdsTxtDetailSchema = AdsTxtItemSchema.extend({
  requiredLines: z.array(z.string()),
  missingLines: z.array(z.string()),
  crawl: z
    .object({
      content: z.string().nullable(),
      redirectChain: z.array(z.string()),
      finalUrl: z.string().nullable(),
      problems: z.array(AdsTxtProblemSchema),
      /** The crawler's-eye view: every answer on the way, with the IAB redirect rule it meets or breaks. */
      hops: z.array(CrawlHopSchema),
      /** How long buyers' crawlers may keep the copy they have (from the final answer's caching headers). */
      cache: z.object({ maxAgeSeconds: z.number().nullable(), source: z.enum(['cache-control', 'expires', 'none']), note: z.string() }),
    })
    .nullable(),
  hostedContent: z.string().nullable(),
  sellerChecks: z.array(SellerCheckSchema),
  sellersJson: z.array(SellersJsonStateSchema),
});
export type AdsTxtItem = z.infer<typeof AdsTxtItemSchema>;
/** Staff's view of every publisher's domains. */
export const AdsTxtAllPublishersItemSchema = AdsTxtItemSchema.extend({ publisher_id: z.string() });
export type AdsTxtAllPublishersItem = z.infer<typeof AdsTxtAllPublishersItemSchema>;
export const AdsTxtAddAppDomainSchema = z.object({
  domain: z.string().trim().min(1, 'Enter the developer domain of your apps.').max(253, 'A domain has at most 253 characters.'),
});
export const AdsTxtBulkVerifySchema = z.object({
  domainIds: z.array(z.string().min(1).max(100)).min(1, 'Choose at least one domain.').max(5000, 'Verify at most 5,000 domains at a time.'),
});
export type AdsTxtDetail = z.infer<typeof AdsTxtDetailSchema>;
export type AdsTxtProblemItem = z.infer<typeof AdsTxtProblemSchema>;

export const AdsTxtRevisionSchema = z.object({
  revision_id: z.number(),
  author: z.string(),
  created: z.string(),
  linesAdded: z.number(),
  linesRemoved: z.number(),
  warnings: z.number(),
});
export type AdsTxtRevision = z.infer<typeof AdsTxtRevisionSchema>;
export const AdsTxtSaveRevisionSchema = z.object({ content: z.string().max(2 * 1024 * 1024, 'The file is larger than 2 MiB.') });
export const AdsTxtSavedSchema = z.object({
  revision_id: z.number(),
  linesAdded: z.number(),
  linesRemoved: z.number(),
  warnings: z.array(AdsTxtProblemSchema),
});
export type AdsTxtSaved = z.infer<typeof AdsTxtSavedSchema>;
export const AdsTxtDiffSchema = z.array(z.object({ type: z.enum(['added', 'removed', 'same']), lines: z.array(z.string()) }));
export type AdsTxtDiff = z.infer<typeof AdsTxtDiffSchema>;

/** The provider-wide required-lines template as the console's editor reads it. */
export const AdsTxtTemplateSchema = z.object({
  content: z.string(),
  updatedAt: z.string(),
  /** E-mail of who saved it last; null for the shipped default or a deleted user. */
  updatedBy: z.string().nullable(),
});
export type AdsTxtTemplate = z.infer<typeof AdsTxtTemplateSchema>;
export const AdsTxtTemplateInputSchema = z.object({ content: z.string().max(100_000, 'The template is larger than 100,000 characters.') });
export const AdsTxtTemplatePreviewSchema = z.object({ problems: z.array(AdsTxtProblemSchema), diff: AdsTxtDiffSchema });
export type AdsTxtTemplatePreview = z.infer<typeof AdsTxtTemplatePreviewSchema>;

/** The file a domain serves: a web domain ads.txt, an app developer's domain app-ads.txt (same format, IAB). */
export type AdsFileName = 'ads.txt' | 'app-ads.txt';
export const fileNameOf = (d: { kind: 'web' | 'app' }): AdsFileName => (d.kind === 'app' ? 'app-ads.txt' : 'ads.txt');
