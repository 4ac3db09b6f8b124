import type { Company, PublisherDetails, UserScope } from '@pc/contracts';
import { notFound } from '../../lib/http-error';
import type { Db } from '../../db/pool';
import { inTransaction } from '../../db/transaction';
import { auditRepo } from '../audit/audit.repo';
import { publishersRepo, type PublishersRepo } from './publishers.repo';

/** Publisher details are read on nearly every page and change rarely. */
const DETAILS_TTL_MS = 5_000;

export function createPublishersService(db: Db, repo: PublishersRepo) {
  // A short read-through cache: writes in this process invalidate it at once; other processes
  // see a change within DETAILS_TTL_MS.
  const cache = new Map<string, { at: number; value: Promise<PublisherDetails | null> }>();
  const cachedDetails = (publisherId: string, includeSites: boolean) => {
    const key = `${publisherId}|${includeSites}`;
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < DETAILS_TTL_MS) return hit.value;
    const value = repo.getDetails(publisherId, includeSites);
    value.catch(() => cache.delete(key));
    if (cache.size > 10_000) cache.clear();
    cache.set(key, { at: Date.now(), value });
    return value;
  };
  return {
    /** Drops this process's cached details (the admin console calls it after editing a partner or site). */
    invalidate(publisherId: string) {
      for (const key of cache.keys()) if (key.startsWith(`${publisherId}|`)) cache.delete(key);
    },
    /** internal: all; external multiple: their list; external single: their one. */
    listPartners(scope: UserScope) {
      if (scope.type === 'internal') return repo.listPartners('ALL');
      return repo.listPartners(scope.type === 'external_single' ? [scope.publisherId] : scope.publishers);
    },
    async details(publisherId: string, includeSites: boolean) {
      const details = await cachedDetails(publisherId, includeSites);
      if (!details) throw notFound('This publisher does not exist.');
      return details;
    },
    async updateCompany(ctx: { uid: string; publisherId: string }, company: Company) {
      await this.details(ctx.publisherId, false);
      // The change and its audit row commit together (src/db/transaction.ts): never one without the other.
      await inTransaction(db, async (trx) => {
        await publishersRepo(trx).upsertCompany(ctx.publisherId, company);
        await auditRepo(trx).record({ actorUserId: ctx.uid, publisherId: ctx.publisherId, action: 'company.updated', details: company });
      });
      this.invalidate(ctx.publisherId);
      return this.details(ctx.publisherId, true);
    },
  };
}
export type PublishersService = ReturnType<typeof createPublishersService>;
