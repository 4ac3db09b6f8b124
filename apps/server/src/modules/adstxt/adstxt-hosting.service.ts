import { inTransaction } from '../../db/transaction';
import { auditRepo } from '../audit/audit.repo';
import { adsTxtRepo, type DomainRow } from './adstxt.repo';
import type { AdsTxtCtx, AdsTxtServiceDeps } from './adstxt-service-deps';
import { hostedFileContent, requiredLinesFor } from './required-lines/domain-required-lines';
import { lineCount } from './revisions/revision-diff';

/** Hosting a domain's file on Partners Center, the public hosted file, and the provider template. */
export function createHostingService(deps: AdsTxtServiceDeps) {
  const { repo } = deps;
  return {
    async activateHosting(ctx: AdsTxtCtx, d: DomainRow): Promise<void> {
      // The first revision, the hosting switch and the audit row commit together or not at all.
      await inTransaction(deps.db, async (trx) => {
        const r = adsTxtRepo(trx);
        if (!(await r.latestRevision(d.id))) {
          // Start the hosted file from what the site serves today, so nothing it authorizes is lost.
          const crawl = (await r.latestCrawls([d.id])).get(d.id);
          // Checked in the worker threads: the crawled file may be 2 MiB.
          const initial = crawl?.content && (await deps.revisionWorkers.check(crawl.content, '')).errorCount === 0 ? crawl.content : '';
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
    },

    /** The public hosted file: the publisher's own lines plus any required line they lack. */
    async hostedFile(domainName: string, kind: 'web' | 'app' = 'web'): Promise<string | null> {
      const d = await repo.findDomainByName(domainName, kind);
      if (!d || !d.hosted_enabled) return null;
      const [latest, template] = await Promise.all([repo.latestRevision(d.id), repo.template()]);
      return hostedFileContent(latest?.content ?? '', requiredLinesFor(template, d));
    },
  };
}
