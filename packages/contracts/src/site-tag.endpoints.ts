import { z } from 'zod';
import { endpoint } from './endpoint';
import {
  AdRevenueOverviewSchema,
  AudienceOverviewSchema,
  SitePerformanceSchema,
  SiteTagRangeQuerySchema,
  TaggedSiteSchema,
  TagSampleRateResultSchema,
  TagSampleRateSchema,
  TagVerificationSchema,
  TagVerifyRequestSchema,
} from './site-tag';

const tags = ['site tag'] as const;

export const SiteTagSiteParamsSchema = z.object({ siteId: z.string().min(1).max(64) });

/** The site tag's API for a publisher: the tag of each site, its check, and what it measured. */
export const siteTagEndpoints = {
  sites: endpoint({
    method: 'GET',
    path: '/api/site-tag/sites',
    operationId: 'listTaggedSites',
    summary: "The publisher's sites with their tag snippet, sample rate and whether data arrives",
    tags,
    access: 'publisher',
    response: z.array(TaggedSiteSchema),
  }),
  verify: endpoint({
    method: 'POST',
    path: '/api/site-tag/sites/:siteId/verify',
    operationId: 'verifySiteTag',
    summary: "Fetch a page of the site (its home page unless given) and look for the site's tag",
    tags,
    access: 'publisher',
    params: SiteTagSiteParamsSchema,
    body: TagVerifyRequestSchema.optional(),
    response: TagVerificationSchema,
  }),
  audience: endpoint({
    method: 'GET',
    path: '/api/site-tag/audience',
    operationId: 'getAudienceOverview',
    summary:
      'Audience measured by the tag over a range of days (visitors, visits, pages, sources, devices, countries), for all sites or one',
    tags,
    access: 'publisher',
    query: SiteTagRangeQuerySchema,
    response: AudienceOverviewSchema,
  }),
  performance: endpoint({
    method: 'GET',
    path: '/api/site-tag/performance',
    operationId: 'getSitePerformance',
    summary: 'Core Web Vitals measured by the tag over a range of days, for all sites or one',
    tags,
    access: 'publisher',
    query: SiteTagRangeQuerySchema,
    response: SitePerformanceSchema,
  }),
  adRevenue: endpoint({
    method: 'GET',
    path: '/api/site-tag/ad-revenue',
    operationId: 'getAdRevenueOverview',
    summary: 'Revenue, page views and page RPM over a range of days, in total and per site',
    tags,
    access: 'publisher',
    query: SiteTagRangeQuerySchema,
    response: AdRevenueOverviewSchema,
  }),
} as const;

/** Staff only: a site's sample rate (publishers see it read-only on their setup). */
export const siteTagStaffEndpoints = {
  setSampleRate: endpoint({
    method: 'PUT',
    path: '/api/admin/sites/:siteId/tag-sample-rate',
    operationId: 'setSiteTagSampleRate',
    summary: "Set the share of a site's page loads its tag records, one in N (audited)",
    tags,
    access: 'staff',
    params: SiteTagSiteParamsSchema,
    body: TagSampleRateSchema,
    response: TagSampleRateResultSchema,
  }),
} as const;
