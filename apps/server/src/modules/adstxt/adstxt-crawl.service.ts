import { parseAdsTxt } from '@pc/contracts/adstxt-parser/parse-ads-txt';
import { worsening, type DomainState } from './adstxt-alerts';
import { fileNameOf } from './adstxt-crawler-port';
import type { CrawlRow, DomainRow } from './adstxt.repo';
import type { AdsTxtServiceDeps } from './adstxt-service-deps';
import { statusOf } from './domain-summary';
import { missingRequiredLines, requiredLinesFor } from './required-lines/domain-required-lines';

/** Crawls one domain, stores what was read, queues its sellers' lookups and reports a worsening. */
export function createCrawlAndStore(deps: AdsTxtServiceDeps) {
  const { repo } = deps;
  return async function crawlAndStore(d: DomainRow): Promise<void> {
    const prev = (await repo.latestCrawls([d.id])).get(d.id);
    const previous =
      prev?.content != null && prev.content_hash && prev.status === 'ok'
        ? { body: prev.content, contentHash: prev.content_hash, fetchedAt: prev.fetched_at }
        : null;
    const r = await deps.crawler.crawl(d.domain_name, previous, fileNameOf(d));
    await repo.insertCrawl({
      domain_id: d.id,
      status: r.status,
      http_status: r.httpStatus ?? null,
      redirect_chain: r.redirectChain,
      final_url: r.finalUrl ?? null,
      content: r.body ?? null,
      content_hash: r.contentHash ?? null,
      error_reason: r.errorReason ?? null,
      used_previous: r.usedPrevious ?? false,
      stale: r.stale ?? false,
      fetched_at: r.fetchedAt,
      previous_fetched_at: r.previousFetchedAt ?? null,
      hops: r.hops ?? [],
    });
    // A file read now: its sellers get looked up in their systems' sellers.json (a queued job).
    if (r.status === 'ok' && r.body) await deps.sellersJson.noteRecords(parseAdsTxt(r.body).records);
    if (deps.onWorse && prev) {
      const required = requiredLinesFor(await repo.template(), d);
      const stateOf = (c: CrawlRow): DomainState => {
        const missing =
          c.content != null ? missingRequiredLines(required, c.content).length : c.status === 'not_found' ? required.length : 0;
        return { status: statusOf(c, missing), missingCount: missing };
      };
      const latest = (await repo.latestCrawls([d.id])).get(d.id);
      const what = latest ? worsening(stateOf(prev), stateOf(latest)) : null;
      if (what) await deps.onWorse(d, what);
    }
  };
}
