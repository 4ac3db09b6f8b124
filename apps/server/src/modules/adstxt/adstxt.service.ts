import { diffLines } from 'diff';
import { HttpError, notFound } from '../../lib/http-error';
import type { AuditRepo } from '../audit/audit.repo';
import { parseAdsTxt } from '@pc/contracts/adstxt-parser/parse-ads-txt';
import type { AdsTxtProblem } from '@pc/contracts/adstxt-parser/ads-txt-types';
import { adsTxtRepo, type AdsTxtRepo, type CrawlRow, type DomainRow } from './adstxt.repo';
import type { Db } from '../../db/pool';
import { inTransaction } from '../../db/transaction';
import { auditRepo } from '../audit/audit.repo';
import { requiredLinesFor, missingRequiredLines, hostedFileContent } from './required-lines-of-domain';
import type { SellersJsonService } from './sellers-json/sellers-json.service';
import { contradictedRecords } from './sellers-json/cross-check';
import { worsening, type DomainState } from './adstxt-alerts';
import type { CrawlResult } from './crawler/crawl-types';
import { cacheWindow } from './crawler/cache-window';

export type AdsFileName = 'ads.txt' | 'app-ads.txt';
const fileNameOf = (d: { kind: 'web' | 'app' }): AdsFileName => (d.kind === 'app' ? 'app-ads.txt' : 'ads.txt');

export type AdsTxtStatus = 'authorized' | 'missing_lines' | 'not_found' | 'error' | 'not_crawled';

/** One crawl as the service sees it: the crawler's own result, without the domain it was asked for. */
export type CrawlOutcome = Omit<CrawlResult, 'domain'>;

/** What the service needs from the crawler (the guarded HTTP client behind it). */
export interface AdsTxtCrawlerPort {
  crawl(
    domain: string,
    previous: { body: string; contentHash: string; fetchedAt: Date } | null,
    fileName?: AdsFileName,
  ): Promise<CrawlOutcome>;
  verifyRedirection(domain: string, hostedUrl: string, fileName?: AdsFileName): Promise<{ status: 'verified' | 'broken'; reason?: string }>;
}

interface Ctx {
  uid: string;
  publisherId: string;
}

/**
 * Domain status from its last crawl and the required lines (DESIGN section 4). A failed crawl is
 * an error even when the last good copy is kept: showing "authorized" after a failed read would be
 * a false all-clear (issue 19, item 8).
 */
export function statusOf(crawl: CrawlRow | undefined, missingCount: number): AdsTxtStatus {
  if (!crawl) return 'not_crawled';
  if (crawl.status === 'not_found') return 'not_found';
  if (crawl.status === 'error') return 'error';
  return missingCount === 0 ? 'authorized' : 'missing_lines';
}

/** When the file was last read successfully (a 404 is a successful read of "no file"). */
function lastSuccessfulRead(crawl: CrawlRow | undefined): Date | null {
  if (!crawl) return null;
  return crawl.status === 'error' ? crawl.previous_fetched_at : crawl.fetched_at;
}

export function createAdsTxtService(deps: {
  /** Multi-step writes run in one transaction over it (src/db/transaction.ts). */
  db: Db;
  repo: AdsTxtRepo;
  audit: AuditRepo;
  crawler: AdsTxtCrawlerPort;
  publicUrl: string;
  sellersJson: SellersJsonService;
  /** Called when a crawl finds the file gone or missing more required lines than before. */
  onWorse?: (domain: DomainRow, what: string) => Promise<void>;
}) {
  const { repo } = deps;
  const hostedUrl = (domainName: string, kind: 'web' | 'app' = 'web') =>
    kind === 'app'
      ? `${deps.publicUrl.replace(/\/$/, '')}/hosted/app-ads-txt/${domainName}/app-ads.txt`
      : `${deps.publicUrl.replace(/\/$/, '')}/hosted/ads-txt/${domainName}/ads.txt`;

  async function domainOrThrow(ctx: Ctx, domainId: string): Promise<DomainRow> {
    const d = await repo.findDomain(ctx.publisherId, domainId);
    if (!d) throw notFound('This domain does not exist for the chosen publisher.');
    return d;
  }

  function summarize(d: DomainRow, crawl: CrawlRow | undefined, template: string, revisionId: number | null) {
    const required = requiredLinesFor(template, d);
    const missing = crawl?.content != null ? missingRequiredLines(required, crawl.content) : crawl?.status === 'not_found' ? required : [];
    const status = statusOf(crawl, missing.length);
    return {
      domain_id: d.id,
      domain_name: d.domain_name,
      pub_name: d.pub_name,
      pub_an_id: d.pub_an_id,
      ads_txt_redirection_status: d.redirection_status as 'not_set_up' | 'pending' | 'verified' | 'broken',
      redirection_reason: d.redirection_reason,
      revision_id: revisionId,
      hosted: d.hosted_enabled,
      hostedUrl: hostedUrl(d.domain_name, d.kind),
      kind: d.kind,
      status,
      missingCount: missing.length,
      errorReason: crawl?.status === 'error' ? (crawl.error_reason ?? 'The file could not be read.') : null,
      // "Last crawl" is the last successful read; a failed attempt is reported as such beside it.
      lastCrawl: lastRead(crawl),
      lastAttempt: crawl ? { at: crawl.fetched_at.toISOString(), ok: crawl.status !== 'error' } : null,
      readInLatestCrawl: crawl !== undefined && crawl.status !== 'error',
      requiredLines: required,
      missingLines: missing,
    };
  }

  function lastRead(crawl: CrawlRow | undefined) {
    const at = lastSuccessfulRead(crawl);
    if (!crawl || !at) return null;
    return {
      at: at.toISOString(),
      httpStatus: crawl.status === 'error' ? null : crawl.http_status,
      stale: crawl.stale,
      usedPrevious: crawl.used_previous,
    };
  }

  async function crawlAndStore(d: DomainRow) {
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
  }

  return {
    hostedUrl,
    async list(ctx: Ctx) {
      const rows = await repo.listDomains(ctx.publisherId);
      const ids = rows.map((r) => r.id);
      const [crawls, revisions, template] = await Promise.all([repo.latestCrawls(ids), repo.latestRevisionIds(ids), repo.template()]);
      return Promise.all(
        rows.map(async (d) => {
          const crawl = crawls.get(d.id);
          const { requiredLines: _r, missingLines: _m, ...item } = summarize(d, crawl, template, revisions.get(d.id) ?? null);
          const { findings } =
            crawl?.content != null ? await deps.sellersJson.check(parseAdsTxt(crawl.content), d.domain_name) : { findings: [] };
          return { ...item, sellerIssues: contradictedRecords(findings) };
        }),
      );
    },

    async detail(ctx: Ctx, domainId: string) {
      const d = await domainOrThrow(ctx, domainId);
      const [crawls, template, latest] = await Promise.all([repo.latestCrawls([d.id]), repo.template(), repo.latestRevision(d.id)]);
      const crawl = crawls.get(d.id);
      const summary = summarize(d, crawl, template, latest?.id ?? null);
      const parsed = crawl?.content != null ? parseAdsTxt(crawl.content) : null;
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
    },

    async verify(ctx: Ctx, domainId: string) {
      const d = await domainOrThrow(ctx, domainId);
      await crawlAndStore(d);
      if (d.hosted_enabled) {
        const v = await deps.crawler.verifyRedirection(d.domain_name, hostedUrl(d.domain_name, d.kind), fileNameOf(d));
        await repo.setRedirection(d.id, v.status, v.reason ?? null);
      }
      await deps.audit.record({
        actorUserId: ctx.uid,
        publisherId: ctx.publisherId,
        action: 'adstxt.verified',
        details: { domain: d.domain_name },
      });
      return this.detail(ctx, domainId);
    },

    /** Daily crawl of one domain (background job). */
    async crawlDomain(publisherId: string, domainId: string) {
      const d = await repo.findDomain(publisherId, domainId);
      if (d) await crawlAndStore(d);
    },

    async activateHosting(ctx: Ctx, domainId: string) {
      const d = await domainOrThrow(ctx, domainId);
      // The first revision, the hosting switch and the audit row commit together or not at all.
      await inTransaction(deps.db, async (trx) => {
        const r = adsTxtRepo(trx);
        if (!(await r.latestRevision(d.id))) {
          // Start the hosted file from what the site serves today, so nothing it authorizes is lost.
          const crawl = (await r.latestCrawls([d.id])).get(d.id);
          const initial = crawl?.content && parseAdsTxt(crawl.content).problems.every((p) => p.severity !== 'error') ? crawl.content : '';
          await r.insertRevision({
            domainId: d.id,
            content: initial,
            createdBy: ctx.uid,
            added: lineCount(initial),
            removed: 0,
            warnings: 0,
          });
        }
        if (!d.hosted_enabled) await r.setHosting(d.id, true, 'pending');
        await auditRepo(trx).record({
          actorUserId: ctx.uid,
          publisherId: ctx.publisherId,
          action: 'adstxt.hosting_activated',
          details: { domain: d.domain_name },
        });
      });
      return this.detail(ctx, domainId);
    },

    /** A new revision only when the file has no errors (warnings are allowed and returned). */
    async saveRevision(ctx: Ctx, domainId: string, content: string, opts: { restoredFrom?: number } = {}) {
      const d = await domainOrThrow(ctx, domainId);
      const parsed = parseAdsTxt(content);
      const errors = parsed.problems.filter((p) => p.severity === 'error');
      if (errors.length) {
        const fields: Record<string, string> = {};
        for (const p of errors.slice(0, 100)) fields[`line.${p.line}`] ??= p.reason;
        throw new HttpError(
          400,
          `The file has ${errors.length} error${errors.length === 1 ? '' : 's'}; fix ${errors.length === 1 ? 'it' : 'them'} before saving.`,
          'ValidationError',
          fields,
        );
      }
      const previous = await repo.latestRevision(d.id);
      const { added, removed } = countChanges(previous?.content ?? '', content);
      const warnings = parsed.problems.filter((p) => p.severity === 'warning');
      // The revision and its audit row commit together: no revision without its record.
      const id = await inTransaction(deps.db, async (trx) => {
        const revisionId = await adsTxtRepo(trx).insertRevision({
          domainId: d.id,
          content,
          createdBy: ctx.uid,
          added,
          removed,
          warnings: warnings.length,
        });
        await auditRepo(trx).record({
          actorUserId: ctx.uid,
          publisherId: ctx.publisherId,
          action: opts.restoredFrom ? 'adstxt.revision_restored' : 'adstxt.revision_saved',
          details: {
            domain: d.domain_name,
            revisionId,
            added,
            removed,
            ...(opts.restoredFrom ? { restoredFrom: opts.restoredFrom } : {}),
          },
        });
        return revisionId;
      });
      return { revision_id: id, linesAdded: added, linesRemoved: removed, warnings: warnings as AdsTxtProblem[] };
    },

    async history(ctx: Ctx, domainId: string) {
      const d = await domainOrThrow(ctx, domainId);
      const rows = await repo.revisions(d.id);
      return rows.map((r) => ({
        revision_id: r.id,
        author: r.author ?? 'Partners Center',
        created: r.created_at.toISOString(),
        linesAdded: r.lines_added,
        linesRemoved: r.lines_removed,
        warnings: r.warnings,
      }));
    },

    async revision(ctx: Ctx, domainId: string, revisionId: number) {
      const d = await domainOrThrow(ctx, domainId);
      const r = await repo.revision(d.id, revisionId);
      if (!r) throw notFound('This revision does not exist.');
      return { domain: d, content: r.content, revisionId: r.id };
    },

    async diff(ctx: Ctx, domainId: string, fromId: number, toId: number) {
      const [from, to] = [await this.revision(ctx, domainId, fromId), await this.revision(ctx, domainId, toId)];
      return diffLines(normalizeEol(from.content), normalizeEol(to.content)).map((part) => ({
        type: part.added ? ('added' as const) : part.removed ? ('removed' as const) : ('same' as const),
        lines: part.value.replace(/\n$/, '').split('\n'),
      }));
    },

    async missingLinesText(ctx: Ctx, domainId: string) {
      const detail = await this.detail(ctx, domainId);
      return { domain: detail.domain_name, text: detail.missingLines.join('\n') + (detail.missingLines.length ? '\n' : '') };
    },

    /** The public hosted file: the publisher's own lines plus any required line they lack. */
    async hostedFile(domainName: string, kind: 'web' | 'app' = 'web'): Promise<string | null> {
      const d = await repo.findDomainByName(domainName, kind);
      if (!d || !d.hosted_enabled) return null;
      const [latest, template] = await Promise.all([repo.latestRevision(d.id), repo.template()]);
      return hostedFileContent(latest?.content ?? '', requiredLinesFor(template, d));
    },

    template: () => repo.template(),
    async setTemplate(uid: string, content: string) {
      await repo.setTemplate(content, uid);
      await deps.audit.record({
        actorUserId: uid,
        publisherId: null,
        action: 'adstxt.template_updated',
        details: { lines: lineCount(content) },
      });
    },
  };
}
export type AdsTxtService = ReturnType<typeof createAdsTxtService>;

const normalizeEol = (s: string) => (s.replace(/\r\n?/g, '\n').replace(/^\uFEFF/, '') + '\n').replace(/\n+$/, '\n');
const lineCount = (s: string) =>
  normalizeEol(s)
    .split('\n')
    .filter((l) => l.trim() !== '').length;

export function countChanges(before: string, after: string): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const part of diffLines(normalizeEol(before), normalizeEol(after))) {
    const n = part.value
      .replace(/\n$/, '')
      .split('\n')
      .filter((l) => l.trim() !== '').length;
    if (part.added) added += n;
    else if (part.removed) removed += n;
  }
  return { added, removed };
}
