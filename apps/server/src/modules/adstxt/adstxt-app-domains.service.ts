import { domainToASCII } from 'node:url';
import { isValidDomainName } from '@pc/contracts/adstxt-parser/text-scan';
import { HttpError, notFound } from '../../lib/http-error';
import type { JobQueue } from '../../lib/jobs/job-queue';
import type { Db } from '../../db/pool';
import { inTransaction } from '../../db/transaction';
import { auditRepo } from '../audit/audit.repo';
import { ADSTXT_CRAWL_QUEUE, type AdsTxtCrawlPayload } from './adstxt-crawl.job';
import { adsTxtRepo } from './adstxt.repo';

interface Ctx {
  uid: string;
  publisherId: string;
}

/** `https://Apps.Example.com/path` -> `apps.example.com` (IDN to punycode), or null when it is no domain. */
export function normaliseDomain(input: string): string | null {
  let host = input.trim().toLowerCase();
  host = host
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .split(/[/?#]/)[0]!
    .replace(/:\d+$/, '')
    .replace(/\.$/, '');
  const ascii = domainToASCII(host);
  return ascii && isValidDomainName(ascii) ? ascii : null;
}

/**
 * App developer domains (issue 19, item 10): the domain an app store lists for the developer,
 * where buyers read /app-ads.txt (IAB app-ads.txt 1.0). Added by the publisher, crawled at once.
 */
export function createAppDomainsService(deps: { db: Db; jobs: JobQueue }) {
  return {
    async add(ctx: Ctx, input: string): Promise<{ domain_id: string }> {
      const domain = normaliseDomain(input);
      if (!domain)
        throw new HttpError(400, 'Enter the developer domain your app store listing shows, such as example.com.', 'ValidationError', {
          domain: 'Enter a domain such as example.com (no path).',
        });
      // The row, its audit entry and its first crawl commit together (src/db/transaction.ts).
      return inTransaction(deps.db, async (trx) => {
        const id = await adsTxtRepo(trx).insertAppDomain(ctx.publisherId, domain);
        if (!id)
          throw new HttpError(409, `${domain} already has its app-ads.txt managed here.`, 'Conflict', {
            domain: 'This developer domain is already added.',
          });
        await auditRepo(trx).record({
          actorUserId: ctx.uid,
          publisherId: ctx.publisherId,
          action: 'adstxt.app_domain_added',
          details: { domain },
        });
        await deps.jobs.enqueue<AdsTxtCrawlPayload>(
          ADSTXT_CRAWL_QUEUE,
          { publisherId: ctx.publisherId, domainId: id },
          { dedupeKey: id, maxAttempts: 2, db: trx },
        );
        return { domain_id: id };
      });
    },
    async remove(ctx: Ctx, domainId: string): Promise<void> {
      await inTransaction(deps.db, async (trx) => {
        if (!(await adsTxtRepo(trx).deleteAppDomain(ctx.publisherId, domainId)))
          throw notFound('This app developer domain does not exist for the chosen publisher.');
        await auditRepo(trx).record({
          actorUserId: ctx.uid,
          publisherId: ctx.publisherId,
          action: 'adstxt.app_domain_removed',
          details: { domainId },
        });
      });
    },
  };
}
export type AppDomainsService = ReturnType<typeof createAppDomainsService>;
