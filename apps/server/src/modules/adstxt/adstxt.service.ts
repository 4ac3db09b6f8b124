import { adsTxtRepo, type CrawlRow } from './adstxt.repo';
import { auditRepo } from '../audit';
import { inTransaction } from '../../db/transaction';
import { createCrawlAndStore } from './adstxt-crawl.service';
import { fileNameOf } from '@pc/contracts';
import { createHostingService } from './adstxt-hosting.service';
import { createHostedFiles } from './hosted-file.service';
import { createTemplateService } from './adstxt-template.service';
import { createRevisionsService } from './adstxt-revisions.service';
import { domainOrThrow, hostedUrlOf, type AdsTxtCtx, type AdsTxtServiceDeps } from './adstxt-service-deps';
import { cacheWindow } from './crawler/cache-window';
import { summarizeDomain } from './domain-summary';
import { contradictedRecords } from './sellers-json/cross-check';
import { requiredLinesFor } from './required-lines/domain-required-lines';
import type { InspectedFile } from './revisions/revision-work';

// Types callers name through the service module.
export type { AdsTxtCrawlerPort, CrawlOutcome } from './adstxt-crawler-port';
export type { AdsTxtStatus } from './domain-summary';

/**
 * The ads.txt area as routes and jobs use it: the domain views and verification here; crawling,
 * revisions and hosting each in their own service file, composed into one object.
 */
/** Lines buyers' crawlers drop: those with a parser error (a warning is read anyway). */
function ignoredLinesOf(inspected: InspectedFile | null): number {
  if (!inspected) return 0;
  return new Set(inspected.parsed.problems.filter((p) => p.severity === 'error').map((p) => p.line)).size;
}

export function createAdsTxtService(deps: AdsTxtServiceDeps) {
  const { repo } = deps;
  const hostedUrl = (domainName: string, kind: 'web' | 'app' = 'web') => hostedUrlOf(deps.publicUrl, domainName, kind);
  const summarize = (
    d: Parameters<typeof summarizeDomain>[0],
    crawl: CrawlRow | undefined,
    template: string,
    revisionId: number | null,
    inspected: InspectedFile | null,
  ) => summarizeDomain(d, crawl, template, revisionId, hostedUrl(d.domain_name, d.kind), inspected?.missing, ignoredLinesOf(inspected));
  /** The crawled file parsed in the worker threads (a 2 MiB file took the event loop for seconds). */
  const inspect = (d: Parameters<typeof summarizeDomain>[0], crawl: CrawlRow | undefined, template: string) =>
    crawl?.content != null ? deps.revisionWorkers.inspectFile(crawl.content, requiredLinesFor(template, d)) : Promise.resolve(null);
  const crawlAndStore = createCrawlAndStore(deps);
  const hostedFiles = createHostedFiles({ db: deps.db, revisionWorkers: deps.revisionWorkers });
  const revisions = createRevisionsService(deps, hostedFiles);
  const hosting = createHostingService(deps, hostedFiles);

  async function list(ctx: AdsTxtCtx) {
    const rows = await repo.listDomains(ctx.publisherId);
    const ids = rows.map((r) => r.id);
    const [crawls, latestRevisions, template] = await Promise.all([repo.latestCrawls(ids), repo.latestRevisionIds(ids), repo.template()]);
    return Promise.all(
      rows.map(async (d) => {
        const crawl = crawls.get(d.id);
        const inspected = await inspect(d, crawl, template);
        const {
          requiredLines: _r,
          missingLines: _m,
          ...item
        } = summarize(d, crawl, template, latestRevisions.get(d.id) ?? null, inspected);
        const { findings } = inspected ? await deps.sellersJson.check(inspected.parsed, d.domain_name) : { findings: [] };
        return { ...item, sellerIssues: contradictedRecords(findings) };
      }),
    );
  }

  async function detail(ctx: AdsTxtCtx, domainId: string) {
    const d = await domainOrThrow(repo, ctx, domainId);
    const [crawls, template, latest] = await Promise.all([repo.latestCrawls([d.id]), repo.template(), repo.latestRevision(d.id)]);
    const crawl = crawls.get(d.id);
    const inspected = await inspect(d, crawl, template);
    const summary = summarize(d, crawl, template, latest?.id ?? null, inspected);
    const parsed = inspected?.parsed ?? null;
    const sellers = parsed ? await deps.sellersJson.check(parsed, d.domain_name) : { findings: [], systems: [] };
    return {
      ...summary,
      sellerIssues: contradictedRecords(sellers.findings),
      sellerChecks: sellers.findings,
      sellersJson: sellers.systems,
      crawl: crawl
        ? {
            content: crawl.content,
            redirectChain: crawl.redirect_chain,
            finalUrl: crawl.final_url,
            problems: parsed ? parsed.problems : [],
            hops: crawl.hops,
            cache: cacheWindow(crawl.hops[crawl.hops.length - 1], crawl.fetched_at),
          }
        : null,
      hostedContent: latest ? latest.content : null,
    };
  }

  return {
    hostedUrl,
    list,
    detail,
    ...revisions,
    servableHostedFile: hostedFiles.servable,
    ...createTemplateService(deps),

    /** Crawls now, checks the redirection to the hosted file, and records who asked. */
    async verify(ctx: AdsTxtCtx, domainId: string) {
      const d = await domainOrThrow(repo, ctx, domainId);
      // Network first (no transaction held open across it); then the writes that record the
      // outcome, with the audit row and a retry's Idempotency-Key mark, in one transaction.
      await crawlAndStore(d);
      const v = d.hosted_enabled
        ? await deps.crawler.verifyRedirection(d.domain_name, hostedUrl(d.domain_name, d.kind), fileNameOf(d))
        : null;
      await inTransaction(deps.db, async (trx) => {
        if (v) await adsTxtRepo(trx).setRedirection(d.id, v.status, v.reason ?? null);
        await auditRepo(trx).record({
          actorUserId: ctx.uid,
          publisherId: ctx.publisherId,
          action: 'adstxt.verified',
          details: { domain: d.domain_name },
        });
      });
      const verified = await detail(ctx, domainId);
      await deps.sellersJson.retryUnreadable(verified.sellersJson);
      return verified;
    },

    /** Daily crawl of one domain (background job). */
    async crawlDomain(publisherId: string, domainId: string) {
      const d = await repo.findDomain(publisherId, domainId);
      if (d) await crawlAndStore(d);
    },

    async activateHosting(ctx: AdsTxtCtx, domainId: string) {
      await hosting.activateHosting(ctx, await domainOrThrow(repo, ctx, domainId));
      return detail(ctx, domainId);
    },

    async missingLinesText(ctx: AdsTxtCtx, domainId: string) {
      const summary = await detail(ctx, domainId);
      return { domain: summary.domain_name, text: summary.missingLines.join('\n') + (summary.missingLines.length ? '\n' : '') };
    },
  };
}
export type AdsTxtService = ReturnType<typeof createAdsTxtService>;
