import { inTransaction } from '../../db/transaction';
import { auditRepo } from '../audit';
import { adsTxtRepo, type DomainRow } from './adstxt.repo';
import type { AdsTxtCtx, AdsTxtServiceDeps } from './adstxt-service-deps';
import type { HostedFiles } from './hosted-file.service';
import { lineCount } from './revisions/revision-diff';

/** Hosting a domain's file on Partners Center (the public file itself: hosted-file.service.ts). */
export function createHostingService(deps: AdsTxtServiceDeps, hostedFiles: HostedFiles) {
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
      // The file as served, rendered once now in the worker threads rather than by its first GET.
      await hostedFiles.refresh(d.id);
    },
  };
}
