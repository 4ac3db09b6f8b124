import { z } from 'zod';
import {
  BlockingFeedSchema,
  BlockingRuleCheckSchema,
  BlockingRuleHistoryEntrySchema,
  BlockingRuleInputSchema,
  BlockingRuleSavedSchema,
  BlockingRuleSchema,
  BlockingRuleTypeSchema,
  CreatedFeedKeySchema,
  CreateFeedKeySchema,
  FeedKeySchema,
  IabCategorySchema,
  ImpactPreviewSchema,
} from './blocking-rules';
import { endpoint, OkSchema } from './endpoint';

const tags = ['blocking rules'] as const;
const IdParams = z.object({ id: z.string().min(1).max(64) });

/** What the impact preview is asked about: a rule's type, values and sites, saved or not. */
export const BlockingImpactRequestSchema = z.object({
  type: BlockingRuleTypeSchema,
  values: z.array(z.string().max(500)).max(10_000),
  siteIds: z.array(z.string()).nullable(),
});
export type BlockingImpactRequest = z.infer<typeof BlockingImpactRequestSchema>;
/** The rule being edited, so the check does not report it as its own duplicate. */
export const BlockingRuleCheckQuerySchema = z.object({ ruleId: z.string().max(64).optional() });
export const BlockingValuesCsvSchema = z.object({ csv: z.string().max(1_500_000) });
export const BlockingValuesSchema = z.object({ values: z.array(z.string()) });
export const BlockingFeedQuerySchema = z.object({ publisherId: z.string().min(1).max(64).optional() });

/** The blocking-rules API: a publisher's rules, the ad-serving feed of them, and its keys. */
export const blockingRulesEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/blocking-rules',
    operationId: 'listBlockingRules',
    summary: "The publisher's blocking rules",
    tags,
    access: 'publisher',
    response: z.array(BlockingRuleSchema),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/blocking-rules',
    operationId: 'createBlockingRule',
    summary: 'Create a blocking rule; the answer names duplicate or contradictory rules',
    tags,
    access: 'publisher',
    body: BlockingRuleInputSchema,
    response: BlockingRuleSavedSchema,
    otherResponses: { 409: z.unknown() },
  }),
  check: endpoint({
    method: 'POST',
    path: '/api/blocking-rules/check',
    operationId: 'checkBlockingRule',
    summary: 'Check a rule before saving it: its values as they would be saved and the other rules it repeats or contradicts',
    tags,
    access: 'publisher',
    query: BlockingRuleCheckQuerySchema,
    body: BlockingRuleInputSchema,
    response: BlockingRuleCheckSchema,
  }),
  impact: endpoint({
    method: 'POST',
    path: '/api/blocking-rules/impact',
    operationId: 'previewBlockingRuleImpact',
    summary: 'How much revenue and how many impressions a rule would have removed over a recent period',
    tags,
    access: 'publisher',
    body: BlockingImpactRequestSchema,
    response: ImpactPreviewSchema,
  }),
  iabCategories: endpoint({
    method: 'GET',
    path: '/api/blocking-rules/iab-categories',
    operationId: 'listIabCategories',
    summary: 'The IAB content categories a rule may block',
    tags,
    access: 'signedIn',
    response: z.array(IabCategorySchema),
  }),
  importValues: endpoint({
    method: 'POST',
    path: '/api/blocking-rules/values/import',
    operationId: 'importBlockingRuleValues',
    summary: "A rule's values read from an uploaded CSV file",
    tags,
    access: 'publisher',
    body: BlockingValuesCsvSchema,
    response: BlockingValuesSchema,
    bodyLimit: 2 * 1024 * 1024,
  }),
  feed: endpoint({
    method: 'GET',
    path: '/api/blocking-rules/feed',
    operationId: 'getBlockingFeed',
    summary: "The publisher's active rules per site, for the ad-serving side",
    description:
      'Machine endpoint for the ad-serving side: `Authorization: Bearer <publisher feed key (pcf_…)>` reads that ' +
      "publisher's rules, or `Bearer <BLOCKING_FEED_TOKEN>` (provider service token) with `publisherId`; honours If-None-Match (304).",
    tags,
    access: 'public',
    credential: 'feedKey',
    query: BlockingFeedQuerySchema,
    response: BlockingFeedSchema,
    otherResponses: { 304: z.null() },
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/blocking-rules/:id',
    operationId: 'getBlockingRule',
    summary: 'One blocking rule',
    tags,
    access: 'publisher',
    params: IdParams,
    response: BlockingRuleSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/blocking-rules/:id',
    operationId: 'updateBlockingRule',
    summary: 'Change a blocking rule; the answer names duplicate or contradictory rules',
    tags,
    access: 'publisher',
    params: IdParams,
    body: BlockingRuleInputSchema,
    response: BlockingRuleSavedSchema,
  }),
  pause: endpoint({
    method: 'POST',
    path: '/api/blocking-rules/:id/pause',
    operationId: 'pauseBlockingRule',
    summary: 'Pause a blocking rule: it leaves the feed until resumed',
    tags,
    access: 'publisher',
    params: IdParams,
    response: BlockingRuleSchema,
  }),
  resume: endpoint({
    method: 'POST',
    path: '/api/blocking-rules/:id/resume',
    operationId: 'resumeBlockingRule',
    summary: 'Resume a paused blocking rule',
    tags,
    access: 'publisher',
    params: IdParams,
    response: BlockingRuleSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/blocking-rules/:id',
    operationId: 'deleteBlockingRule',
    summary: 'Delete a blocking rule',
    tags,
    access: 'publisher',
    params: IdParams,
    response: OkSchema,
  }),
  history: endpoint({
    method: 'GET',
    path: '/api/blocking-rules/:id/history',
    operationId: 'listBlockingRuleHistory',
    summary: "A blocking rule's changes: who changed what and when",
    tags,
    access: 'publisher',
    params: IdParams,
    response: z.array(BlockingRuleHistoryEntrySchema),
  }),
  valuesCsv: endpoint({
    method: 'GET',
    path: '/api/blocking-rules/:id/values.csv',
    operationId: 'downloadBlockingRuleValues',
    summary: "A blocking rule's values as a CSV file",
    tags,
    access: 'publisher',
    params: IdParams,
    response: z.string(),
    produces: 'text/csv',
  }),
} as const;

/** A publisher's keys for the serving feed. */
export const feedKeysEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/blocking-rules/feed-keys',
    operationId: 'listFeedKeys',
    summary: "The publisher's serving-feed keys, revoked ones included",
    tags,
    access: 'publisher',
    response: z.array(FeedKeySchema),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/blocking-rules/feed-keys',
    operationId: 'createFeedKey',
    summary: 'Create a serving-feed key',
    description: 'Creates a key for GET /api/blocking-rules/feed; the secret is in this answer only.',
    tags,
    access: 'publisher',
    body: CreateFeedKeySchema,
    response: CreatedFeedKeySchema,
  }),
  revoke: endpoint({
    method: 'POST',
    path: '/api/blocking-rules/feed-keys/:id/revoke',
    operationId: 'revokeFeedKey',
    summary: 'Revoke a serving-feed key: the feed refuses it from then on',
    tags,
    access: 'publisher',
    params: IdParams,
    response: FeedKeySchema,
  }),
} as const;
