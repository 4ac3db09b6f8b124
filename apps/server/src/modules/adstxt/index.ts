import { Routes } from '@pc/contracts';
import { createGuardedFetch } from '../../lib/outbound/guarded-fetch';
import { createRevisionWorkers } from './revisions/revision-workers';
import { defineArea, type Platform } from '../../platform/area';
import { auditRepo } from '../audit';
import type { IncidentsService } from '../incidents';
import type { WebhookEventPublisher } from '../integrations';
import { alertOnWorsening, worseningMessage } from './adstxt-alerts';
import { createAppDomainsService } from './adstxt-app-domains.service';
import { adsTxtBulkRepo } from './adstxt-bulk.repo';
import { adsTxtBulkRoutes } from './adstxt-bulk.routes';
import { createAdsTxtBulkService } from './adstxt-bulk.service';
import { ADSTXT_CRAWL_QUEUE, scheduleDailyCrawls, type AdsTxtCrawlPayload } from './adstxt-crawl.job';
import { adsTxtRepo } from './adstxt.repo';
import { adsTxtRoutes, hostedAdsTxtRoutes } from './adstxt.routes';
import { createAdsTxtService } from './adstxt.service';
import { appDomainRoutes, hostedAppAdsTxtRoutes } from './app-ads-txt.routes';
import { createDomainClaimsStaffService } from './app-domain-claims-staff.service';
import { appDomainClaimRoutes, domainClaimStaffRoutes } from './app-domain-claims.routes';
import { createAppDomainClaimsService } from './app-domain-claims.service';
import { systemTxtResolver, type TxtResolver } from './app-domain-proof';
import { createAdsTxtCrawler } from './crawler/guarded-ads-txt-crawler';
import { scheduleSellersJsonRefresh } from './sellers-json/sellers-json.job';
import { SELLERS_JSON_QUEUE, createSellersJsonService, type SellersJsonPayload } from './sellers-json/sellers-json.service';
import type { AdsTxtCrawlerPort } from './adstxt-crawler-port';

export type { AdsTxtCrawlerPort } from './adstxt-crawler-port';
export type { AdsTxtService } from './adstxt.service';
export { createAdsTxtCrawler } from './crawler/guarded-ads-txt-crawler';
export { seedDemoAdsTxt, seedDemoSellersJson } from './demo/seed-demo-adstxt';
export type { SellersJsonService } from './sellers-json/sellers-json.service';

declare module '../../app-deps' {
  interface AppDeps {
    /** The ads.txt crawler; tests inject one that answers without the network. */
    adsTxtCrawler?: AdsTxtCrawlerPort;
    /** DNS TXT lookups that prove an app domain claim (node:dns otherwise); tests inject their records. */
    dnsTxtResolver?: TxtResolver;
  }
}

interface AdsTxtNeeds {
  incidents: IncidentsService;
  publishWebhookEvent: WebhookEventPublisher;
}

/** ads.txt and app-ads.txt: crawls, hosted files, bulk changes, sellers.json, app developer domain claims. */
export const adsTxtArea = defineArea({
  name: 'adstxt',
  async setup(platform, needs: AdsTxtNeeds) {
    const { config, db, jobs, logger, deps, pollMs, startWorkers } = platform;
    const sellersJsonFetch =
      deps.sellersJsonFetch ?? createGuardedFetch({ allowHosts: config.OUTBOUND_ALLOW_HOSTS, userAgent: 'PartnersCenter-SellersJson/1.0' });
    const sellersJson = createSellersJsonService({
      db,
      jobs,
      fetch: sellersJsonFetch,
      maxBytes: config.SELLERS_JSON_MAX_MB * 1024 * 1024,
      log: logger,
    });
    const crawler = deps.adsTxtCrawler ?? createAdsTxtCrawler({ allowHosts: config.OUTBOUND_ALLOW_HOSTS });
    const adsTxt = adsTxtServiceOf(platform, { ...needs, sellersJson, crawler });
    const bulk = createAdsTxtBulkService({ db, adsTxt, repo: adsTxtBulkRepo(db), jobs });
    // Crawls wait on the network: 4 at once.
    const adsTxtCrawls = jobs.work<AdsTxtCrawlPayload>(
      ADSTXT_CRAWL_QUEUE,
      (job) => adsTxt.crawlDomain(job.payload.publisherId, job.payload.domainId),
      { pollMs, concurrency: 4, leaseMs: 90_000 },
    );
    const sellersJsonRefreshes = jobs.work<SellersJsonPayload>(SELLERS_JSON_QUEUE, (job) => sellersJson.refresh(job.payload.system), {
      pollMs,
      concurrency: 2,
      leaseMs: 300_000,
    });
    return {
      provides: {
        adsTxt,
        /** Exposed (BuiltApp) for tests that run its scheduling step by hand. */
        sellersJson,
      },
      workers: { adsTxtCrawls, sellersJsonRefreshes },
      schedules: startWorkers ? [scheduleDailyCrawls(db, jobs, logger), scheduleSellersJsonRefresh(sellersJson, logger)] : [],
      routes: async (app) => {
        await app.register(adsTxtRoutes, { adsTxt });
        await app.register(hostedAdsTxtRoutes, { adsTxt });
        await app.register(adsTxtBulkRoutes, { bulk });
        // App developer domains are claims that may need proof (hosted file or DNS TXT) or a staff decision.
        const claimDeps = {
          db,
          jobs,
          crawler,
          resolveTxt: deps.dnsTxtResolver ?? systemTxtResolver(),
          productName: config.PRODUCT_NAME,
        };
        const appDomainClaims = createAppDomainClaimsService(claimDeps);
        await app.register(appDomainRoutes, { appDomains: createAppDomainsService({ db, claims: appDomainClaims }) });
        await app.register(appDomainClaimRoutes, { claims: appDomainClaims });
        await app.register(domainClaimStaffRoutes, { staff: createDomainClaimsStaffService(claimDeps) });
        await app.register(hostedAppAdsTxtRoutes, { adsTxt });
      },
      close: async () => {
        if (!deps.sellersJsonFetch) await sellersJsonFetch.close();
        if (!deps.adsTxtCrawler) await crawler.close?.();
      },
    };
  },
});

/** The ads.txt service: its crawls open and resolve incidents, and a worsening is mailed to the publisher's users. */
function adsTxtServiceOf(
  { config, db, mailer, publicUrl, cpuPool }: Platform,
  needs: AdsTxtNeeds & { sellersJson: ReturnType<typeof createSellersJsonService>; crawler: AdsTxtCrawlerPort },
) {
  const bulkRepo = adsTxtBulkRepo(db);
  const worseningWords = (d: { id: string; domain_name: string }, what: string) => ({
    domain: d.domain_name,
    pageUrl: `${publicUrl.replace(/\/$/, '')}${Routes.adsTxt}?domain=${encodeURIComponent(d.id)}`,
    what,
    productName: config.PRODUCT_NAME,
  });
  return createAdsTxtService({
    db,
    revisionWorkers: createRevisionWorkers(cpuPool),
    repo: adsTxtRepo(db),
    audit: auditRepo(db),
    crawler: needs.crawler,
    publicUrl,
    sellersJson: needs.sellersJson,
    incidents: needs.incidents,
    publishWebhookEvent: needs.publishWebhookEvent,
    onWorse: async (d, what) =>
      alertOnWorsening({ mailer, recipients: await bulkRepo.recipientsOf(d.publisher_id), ...worseningWords(d, what) }),
    worseMessage: (d, what) => worseningMessage(worseningWords(d, what)),
  });
}
