import { siteTagEndpoints as endpoints, siteTagStaffEndpoints as staff } from '@pc/contracts';
import { call, useEndpoint } from '../../../lib/endpoints';
import type { TagRange } from '../state/tag-range';

const rangeQuery = (r: TagRange, siteId: string | null) => ({ from: r.from, to: r.to, ...(siteId ? { siteId } : {}) });

/** The publisher's sites with their tag (snippet, key, data received). */
export const useTaggedSites = (publisherId: string | null) => useEndpoint(endpoints.sites, publisherId, publisherId ? {} : null);

export const useAudience = (publisherId: string | null, range: TagRange, siteId: string | null) =>
  useEndpoint(endpoints.audience, publisherId, publisherId ? { query: rangeQuery(range, siteId) } : null);

export const usePerformance = (publisherId: string | null, range: TagRange, siteId: string | null) =>
  useEndpoint(endpoints.performance, publisherId, publisherId ? { query: rangeQuery(range, siteId) } : null);

export const useAdRevenue = (publisherId: string | null, range: TagRange, siteId: string | null) =>
  useEndpoint(endpoints.adRevenue, publisherId, publisherId ? { query: rangeQuery(range, siteId) } : null);

/** Fetches the page (home page unless `url`) through the server and looks for the tag. */
export const verifyTag = (publisherId: string, siteId: string, url: string) =>
  call(endpoints.verify, { params: { siteId }, body: url ? { url } : {} }, { publisherId });

/** Staff only: the site's tag records one page load in `sampleOneIn` from now on. */
export const setTagSampleRate = (siteId: string, sampleOneIn: number) =>
  call(staff.setSampleRate, { params: { siteId }, body: { sampleOneIn } });
