import type { AdRevenueOverview, AudienceOverview, SitePerformance, SiteTagRangeQuery, TaggedSite, TagVerification } from '@pc/contracts';
import { badRequest, forbidden, notFound } from '../../lib/http-error';
import type { GuardedFetch } from '../../lib/outbound/guarded-fetch';
import { adRevenueOverview } from './ad-revenue.queries';
import { audienceOverview, sitePerformance, type Scope } from './site-tag.queries';
import type { SiteTagRepo, TaggedSite as TaggedSiteRow } from './site-tag.repo';
import type { SiteTagLimitsRepo } from './site-tag.limits.repo';
import type { SiteTagFigure, SiteTagReadCache } from './site-tag.read-cache';
import type { SiteTagEventStore } from './site-tag.store';
import { originMatches } from './site-tag.collect';
import { demoPageHtml } from './demo/demo-page';

export interface SiteTagServiceDeps {
  repo: SiteTagRepo;
  store: SiteTagEventStore;
  fetch: GuardedFetch;
  /** Where /t/<key>.js is served (the portal's public URL). */
  publicUrl: string;
  /** Demo mode: the URL of the portal's demo page carrying a site's tag (also a page verify may check). */
  demoPageUrl?: (siteId: string) => string;
  /** The collection limits' refused counts, shown with the audience figures. */
  limits?: Pick<SiteTagLimitsRepo, 'refusedEvents'>;
  /** The figures of the last few seconds, shared by a publisher's users (site-tag.read-cache.ts); none: every request computes. */
  readCache?: SiteTagReadCache;
}

export function scriptUrlOf(publicUrl: string, key: string): string {
  return `${publicUrl.replace(/\/$/, '')}/t/${key}.js`;
}

/** What a page's HTML says about the site's tag. */
function tagVerdict(site: Pick<TaggedSiteRow, 'tagKey' | 'eventTrackerDataReceived'>, url: string, html: string): TagVerification {
  const found = html.includes(`/t/${site.tagKey}.js`);
  // A Tag Manager container adds the tag in the browser: the HTML cannot show it, received data can.
  const viaGtm = !found && html.includes('googletagmanager.com/gtm.js');
  return {
    url,
    found,
    message: found
      ? 'The tag is installed. Page views appear in the audience overview within seconds of a visit.'
      : viaGtm && site.eventTrackerDataReceived
        ? 'This page loads Google Tag Manager and data from the tag is arriving: the tag is installed through your container.'
        : viaGtm
          ? 'This page loads Google Tag Manager, but no data from the tag has arrived yet. Publish the container with the tag, visit the page, and verify again.'
          : 'The tag was not found on this page. Paste the snippet into the page <head> (or publish your Tag Manager container) and verify again.',
  };
}

export function createSiteTagService(d: SiteTagServiceDeps) {
  const toDto = (s: Awaited<ReturnType<SiteTagRepo['ofPublisher']>>[number]): TaggedSite => {
    const scriptUrl = scriptUrlOf(d.publicUrl, s.tagKey);
    return {
      id: s.id,
      name: s.name,
      domain: s.domain,
      tagKey: s.tagKey,
      scriptUrl,
      snippet: `<script async src="${scriptUrl}"></script>`,
      eventTrackerDataReceived: s.eventTrackerDataReceived,
      active: s.active,
      demoPageUrl: d.demoPageUrl?.(s.id) ?? null,
      sampleOneIn: s.sampleOneIn,
      sampleRate: 1 / s.sampleOneIn,
    };
  };

  /** The range's scope; a site of another publisher is refused like another publisher. */
  async function scope(publisherId: string, q: SiteTagRangeQuery): Promise<Scope> {
    if (q.siteId) {
      const own = await d.repo.ofPublisher(publisherId);
      if (!own.some((s) => s.id === q.siteId)) throw forbidden('This site belongs to another publisher.');
    }
    return { publisherId, siteId: q.siteId ?? null, from: q.from, to: q.to };
  }

  /** The figure from the read cache; the scope was checked first, so the cache never decides who may see what. */
  function cached<T>(figure: SiteTagFigure, sc: Scope, compute: () => Promise<T>): Promise<T> {
    return d.readCache ? d.readCache.get({ figure, ...sc }, compute) : compute();
  }

  return {
    async sites(publisherId: string): Promise<TaggedSite[]> {
      return (await d.repo.ofPublisher(publisherId)).map(toDto);
    },
    async audience(publisherId: string, q: SiteTagRangeQuery): Promise<AudienceOverview> {
      const sc = await scope(publisherId, q);
      const siteIds = sc.siteId ? [sc.siteId] : (await d.repo.ofPublisher(publisherId)).map((s) => s.id);
      // The refused count is not cached: one indexed PostgreSQL sum, which every process's limits
      // sync raises each second without storing an event (nothing would drop a cached count).
      const [overview, refusedEvents] = await Promise.all([
        cached('audience', sc, () => audienceOverview(d.store, sc)),
        d.limits ? d.limits.refusedEvents(siteIds, q.from, q.to) : 0,
      ]);
      return { ...overview, refusedEvents };
    },
    async performance(publisherId: string, q: SiteTagRangeQuery): Promise<SitePerformance> {
      const sc = await scope(publisherId, q);
      return cached('performance', sc, () => sitePerformance(d.store, sc));
    },
    async adRevenue(publisherId: string, q: SiteTagRangeQuery): Promise<AdRevenueOverview> {
      const sc = await scope(publisherId, q);
      const names = new Map((await d.repo.ofPublisher(publisherId)).map((x) => [x.id, x.name]));
      const overview = await cached('adRevenue', sc, () => adRevenueOverview(d.store, sc, names));
      // Names as they are now: a site renamed since the answer was computed shows its new name.
      return { ...overview, sites: overview.sites.map((x) => ({ ...x, name: names.get(x.siteId) ?? x.siteId })) };
    },
    /**
     * Fetches a page of the site (its home page unless `pageUrl` names another page on its domain;
     * in demo mode also the demo page) through the guarded client, redirects followed up to 3, and
     * looks for the tag.
     */
    async verify(publisherId: string, siteId: string, pageUrl?: string): Promise<TagVerification> {
      const site = (await d.repo.ofPublisher(publisherId)).find((s) => s.id === siteId);
      if (!site) throw notFound('No such site for this publisher.');
      const demoPage = d.demoPageUrl?.(site.id);
      if (pageUrl && pageUrl !== demoPage && !(/^https?:\/\//.test(pageUrl) && originMatches(pageUrl, site.domain)))
        throw badRequest(`Enter an address on ${site.domain}.`, { url: `Enter an address on ${site.domain}.` });
      let url = pageUrl || (/^https?:\/\//.test(site.domain) ? site.domain : `https://${site.domain}/`);
      // The demo page is this server's own, rendered here as its route renders it: verify never
      // opens a connection to the portal itself, so no outbound client needs a loopback allowance.
      if (demoPage && url === demoPage) {
        if (!site.active) return { url, found: false, message: `The page answered 404. Check that ${url} is online.` };
        return tagVerdict(site, url, demoPageHtml(site.name, scriptUrlOf(d.publicUrl, site.tagKey)));
      }
      try {
        for (let hop = 0; hop < 4; hop++) {
          const res = await d.fetch(url, { maxBodyBytes: 2 * 1024 * 1024, timeoutMs: 8000 });
          const location = res.headers.location;
          if (res.status >= 300 && res.status < 400 && location) {
            url = new URL(location, url).href;
            continue;
          }
          if (res.status >= 400) return { url, found: false, message: `The page answered ${res.status}. Check that ${url} is online.` };
          return tagVerdict(site, url, res.body.toString('utf8'));
        }
        return { url, found: false, message: 'Too many redirects. Verify the final address of your home page.' };
      } catch (err) {
        return {
          url,
          found: false,
          message: `We could not load ${url} (${err instanceof Error ? err.message : 'network error'}). Check the domain and try again.`,
        };
      }
    },
  };
}
export type SiteTagService = ReturnType<typeof createSiteTagService>;
