import type { Db } from '../../db/pool';
import { inTransaction } from '../../db/transaction';
import type { ReportOutcome } from '../incidents';
import { worsening, type DomainState } from './adstxt-alerts';
import { fileNameOf } from '@pc/contracts';
import { adsTxtRepo, type CrawlRow, type DomainRow } from './adstxt.repo';
import type { AdsTxtServiceDeps } from './adstxt-service-deps';
import { statusOf } from './domain-summary';
import { requiredLinesFor } from './required-lines/domain-required-lines';
import type { InspectedFile } from './revisions/revision-work';

/** Incident keys: one for "the file is gone", one for "required lines are missing", per domain. */
export const adsTxtFileKey = (domainId: string) => `adstxt:${domainId}:file`;
export const adsTxtLinesKey = (domainId: string) => `adstxt:${domainId}:lines`;

/** Crawls one domain, stores what was read, queues its sellers' lookups and reports a worsening. */
export function createCrawlAndStore(deps: AdsTxtServiceDeps) {
  const { repo } = deps;

  /**
   * The crawl's incidents, in the crawl's transaction: a worsening (file gone, required lines lost)
   * is an occurrence (opens, appends to or reopens the domain's incident); a readable file resolves
   * the "file gone" incident and a file with every required line resolves the "lines" one.
   */
  async function incidentsFor(
    trx: Db,
    d: DomainRow,
    before: DomainState | null,
    after: DomainState,
  ): Promise<ReportOutcome['change'] | null> {
    const incidents = deps.incidents;
    if (!incidents) return null;
    const what = worsening(before, after);
    const fileName = fileNameOf(d);
    let change: ReportOutcome['change'] | null = null;
    if (what) {
      const gone = after.status === 'not_found';
      ({ change } = await incidents.report(
        {
          publisherId: d.publisher_id,
          siteId: await adsTxtRepo(trx).siteOfDomain(d.id),
          type: 'adstxt',
          severity: 'high',
          category: fileName,
          key: gone ? adsTxtFileKey(d.id) : adsTxtLinesKey(d.id),
          title: gone
            ? `The ${fileName} file of ${d.domain_name} has disappeared`
            : `${fileName} of ${d.domain_name} is missing ${after.missingCount} required line${after.missingCount === 1 ? '' : 's'}`,
          detail: { domain: d.domain_name, status: after.status, missingLines: after.missingCount },
          ...(deps.worseMessage ? { message: deps.worseMessage(d, what) } : {}),
        },
        trx,
      ));
    }
    const readable = after.status === 'authorized' || after.status === 'missing_lines';
    if (readable) await incidents.resolveByKey(d.publisher_id, adsTxtFileKey(d.id), `The ${fileName} file is back.`, trx);
    if (after.status === 'authorized')
      await incidents.resolveByKey(d.publisher_id, adsTxtLinesKey(d.id), 'Every required line is in the file again.', trx);
    return change;
  }

  /** `adstxt.changed` to webhook subscribers when the domain's status moves (not on every crawl). */
  async function announceChange(trx: Db, d: DomainRow, before: DomainState, after: DomainState) {
    if (!deps.publishWebhookEvent || before.status === after.status) return;
    const fileName = fileNameOf(d);
    await deps.publishWebhookEvent(trx, d.publisher_id, {
      type: 'adstxt.changed',
      summary: `${fileName} of ${d.domain_name}: ${before.status.replace('_', ' ')} → ${after.status.replace('_', ' ')}`,
      data: {
        domainId: d.id,
        domain: d.domain_name,
        file: fileName,
        previousStatus: before.status,
        status: after.status,
        missingLines: after.missingCount,
      },
    });
  }

  return async function crawlAndStore(d: DomainRow): Promise<void> {
    const prev = (await repo.latestCrawls([d.id])).get(d.id);
    const previous =
      prev?.content != null && prev.content_hash && prev.status === 'ok'
        ? { body: prev.content, contentHash: prev.content_hash, fetchedAt: prev.fetched_at }
        : null;
    const r = await deps.crawler.crawl(d.domain_name, previous, fileNameOf(d));
    const required = deps.onWorse || deps.incidents || deps.publishWebhookEvent ? requiredLinesFor(await repo.template(), d) : [];
    // Each distinct content is parsed once, in the worker threads (a 2 MiB file must not hold the
    // event loop of the process that also answers requests).
    const inspected = new Map<string, Promise<InspectedFile>>();
    const inspect = (content: string) => {
      let p = inspected.get(content);
      if (!p) inspected.set(content, (p = deps.revisionWorkers.inspectFile(content, required)));
      return p;
    };
    const stateOf = async (c: CrawlRow): Promise<DomainState> => {
      const missing = c.content != null ? (await inspect(c.content)).missing.length : c.status === 'not_found' ? required.length : 0;
      return { status: statusOf(c, missing), missingCount: missing };
    };
    // The crawl and the incidents it opens or resolves commit together.
    const { latest, incidentChange } = await inTransaction(deps.db, async (trx) => {
      const trxRepo = adsTxtRepo(trx);
      await trxRepo.insertCrawl({
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
      const now = (await trxRepo.latestCrawls([d.id])).get(d.id);
      const [before, after] = await Promise.all([prev ? stateOf(prev) : null, now ? stateOf(now) : null]);
      const incidentChange = after ? await incidentsFor(trx, d, before, after) : null;
      if (before && after) await announceChange(trx, d, before, after);
      return { latest: now, incidentChange };
    });
    // A file read now: its sellers get looked up in their systems' sellers.json (a queued job).
    if (r.status === 'ok' && r.body) await deps.sellersJson.noteRecords((await inspect(r.body)).parsed.records);
    // One e-mail per worsening: when it opened or reopened an incident carrying the alert's words,
    // that incident's queued mail is the alert; otherwise (no incidents, or an occurrence of an
    // incident already open, which mails nobody) the alert is sent here.
    const mailedByIncident = deps.worseMessage && (incidentChange === 'opened' || incidentChange === 'reopened');
    if (deps.onWorse && prev && latest && !mailedByIncident) {
      const what = worsening(await stateOf(prev), await stateOf(latest));
      if (what) await deps.onWorse(d, what);
    }
  };
}
