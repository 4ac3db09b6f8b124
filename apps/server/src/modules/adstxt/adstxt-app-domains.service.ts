import { domainToASCII } from 'node:url';
import { isValidDomainName } from '@pc/contracts/adstxt-parser/text-scan';
import { HttpError, notFound } from '../../lib/http-error';
import type { Db } from '../../db/pool';
import { inTransaction } from '../../db/transaction';
import { auditRepo } from '../audit';
import type { AppDomainClaimsService } from './app-domain-claims.service';
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
 * App developer domains: the domain an app store lists for the developer,
 * where buyers read /app-ads.txt (IAB app-ads.txt 1.0). Added by the publisher as a claim: active
 * (and crawled) at once when no proof is needed, pending otherwise (app-domain-claims.service.ts).
 */
export function createAppDomainsService(deps: { db: Db; claims: AppDomainClaimsService }) {
  return {
    async add(ctx: Ctx, input: string): Promise<{ domain_id: string; claimStatus: 'active' | 'pending' }> {
      const domain = normaliseDomain(input);
      if (!domain)
        throw new HttpError(400, 'Enter the developer domain your app store listing shows, such as example.com.', 'ValidationError', {
          domain: 'Enter a domain such as example.com (no path).',
        });
      // The claim, its audit entry and (when active) its first crawl commit together (src/db/transaction.ts).
      return inTransaction(deps.db, async (trx) => {
        const claim = await deps.claims.claim(trx, ctx, domain);
        if (!claim)
          throw new HttpError(409, `${domain} already has its app-ads.txt managed here.`, 'Conflict', {
            domain: 'This developer domain is already added.',
          });
        await auditRepo(trx).record({
          actorUserId: ctx.uid,
          publisherId: ctx.publisherId,
          action: 'adstxt.app_domain_added',
          details: { domain, claimStatus: claim.status },
        });
        return { domain_id: claim.id, claimStatus: claim.status };
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
