import useSWR from 'swr';
import type { AdRevenueOverview, AudienceOverview, SitePerformance, TaggedSite, TagSampleRateResult, TagVerification } from '@pc/contracts';
import { api, apiFetcher, type ApiKey } from '../../../lib/api';
import { swrOptions } from '../../../lib/swr-options';
import type { TagRange } from '../state/tag-range';

const rangeQuery = (r: TagRange, siteId: string | null) => ({ from: r.from, to: r.to, ...(siteId ? { siteId } : {}) });

/** The publisher's sites with their tag (snippet, key, data received). */
export const useTaggedSites = (publisherId: string | null) =>
  useSWR<TaggedSite[], Error, ApiKey | null>(publisherId ? ['site-tag/sites', publisherId] : null, apiFetcher, swrOptions);

export const useAudience = (publisherId: string | null, range: TagRange, siteId: string | null) =>
  useSWR<AudienceOverview, Error, ApiKey | null>(
    publisherId ? ['site-tag/audience', publisherId, rangeQuery(range, siteId)] : null,
    apiFetcher,
    swrOptions,
  );

export const usePerformance = (publisherId: string | null, range: TagRange, siteId: string | null) =>
  useSWR<SitePerformance, Error, ApiKey | null>(
    publisherId ? ['site-tag/performance', publisherId, rangeQuery(range, siteId)] : null,
    apiFetcher,
    swrOptions,
  );

export const useAdRevenue = (publisherId: string | null, range: TagRange, siteId: string | null) =>
  useSWR<AdRevenueOverview, Error, ApiKey | null>(
    publisherId ? ['site-tag/ad-revenue', publisherId, rangeQuery(range, siteId)] : null,
    apiFetcher,
    swrOptions,
  );

/** Fetches the page (home page unless `url`) through the server and looks for the tag. */
export const verifyTag = (publisherId: string, siteId: string, url: string) =>
  api<TagVerification>(`site-tag/sites/${encodeURIComponent(siteId)}/verify`, { method: 'POST', publisherId, body: url ? { url } : {} });

/** Staff only: the site's tag records one page load in `sampleOneIn` from now on. */
export const setTagSampleRate = (siteId: string, sampleOneIn: number) =>
  api<TagSampleRateResult>(`admin/sites/${encodeURIComponent(siteId)}/tag-sample-rate`, { method: 'PUT', body: { sampleOneIn } });
