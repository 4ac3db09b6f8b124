import { auditRepo } from '../audit';
import type { Db } from '../../db/pool';
import { inTransaction } from '../../db/transaction';
import type { JobQueue } from '../../lib/jobs/job-queue';
import { ADSTXT_CRAWL_QUEUE, type AdsTxtCrawlPayload } from './adstxt-crawl.job';
import type { AdsTxtBulkRepo } from './adstxt-bulk.repo';
import type { AdsTxtService } from './adstxt.service';

interface Ctx {
  uid: string;
  publisherId: string;
}

/** The most domains one bulk verify may queue (a larger publisher is verified in several calls). */
export const MAX_BULK_VERIFY = 5000;

/**
 * Ads.txt across domains: restore an old revision, every missing line of a
 * publisher at once, the staff view of every publisher's domains and a bulk verify through the
 * crawl queue (one pending crawl per domain, whichever process runs it).
 */
export function createAdsTxtBulkService(deps: { db: Db; adsTxt: AdsTxtService; repo: AdsTxtBulkRepo; jobs: JobQueue }) {
  return {
    /** A restore is a new revision with the old content, so history only ever grows. */
    async restore(ctx: Ctx, domainId: string, revisionId: number) {
      const old = await deps.adsTxt.revision(ctx, domainId, revisionId);
      return deps.adsTxt.saveRevision(ctx, domainId, old.content, { restoredFrom: revisionId });
    },

    /** Every missing required line of every domain of the publisher, grouped under a comment per domain. */
    async allMissingLines(ctx: Ctx): Promise<string> {
      const domains = (await deps.adsTxt.list(ctx)).filter((d) => d.missingCount > 0);
      const parts: string[] = [];
      for (const d of domains) {
        const { text } = await deps.adsTxt.missingLinesText(ctx, d.domain_id);
        if (text) parts.push(`# ${d.domain_name}: ${d.missingCount} missing line${d.missingCount === 1 ? '' : 's'}\n${text}`);
      }
      return parts.length ? parts.join('\n') : '# Nothing is missing: every domain has all required lines.\n';
    },

    /** Staff: every publisher's domains with their status. */
    async allPublishers(uid: string) {
      const publishers = await deps.repo.publishersWithDomains();
      const lists = await Promise.all(publishers.map((p) => deps.adsTxt.list({ uid, publisherId: p.id })));
      return publishers.flatMap((p, i) => (lists[i] ?? []).map((d) => ({ ...d, publisher_id: p.id })));
    },

    /** Staff: queue a crawl of each domain; the crawls run in the background like the daily ones. */
    async bulkVerify(uid: string, domainIds: readonly string[]): Promise<{ queued: number }> {
      const domains = await deps.repo.domainsByIds([...new Set(domainIds)]);
      // One transaction: the crawls, their audit row and a retry's Idempotency-Key mark commit together.
      await inTransaction(deps.db, async (trx) => {
        for (const d of domains)
          await deps.jobs.enqueue<AdsTxtCrawlPayload>(
            ADSTXT_CRAWL_QUEUE,
            { publisherId: d.publisher_id, domainId: d.id },
            { dedupeKey: d.id, maxAttempts: 2, db: trx },
          );
        await auditRepo(trx).record({
          actorUserId: uid,
          publisherId: null,
          action: 'adstxt.bulk_verify',
          details: { domains: domains.length },
        });
      });
      return { queued: domains.length };
    },
  };
}
export type AdsTxtBulkService = ReturnType<typeof createAdsTxtBulkService>;
