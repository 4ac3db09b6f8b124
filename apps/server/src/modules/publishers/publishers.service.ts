import { toCountryCode, type Company, type PublisherDetails, type UserScope } from '@pc/contracts';
import { notFound } from '../../lib/http-error';
import type { Db } from '../../db/pool';
import type { ChangeNotifications } from '../../db/change-notifications';
import { inTransaction } from '../../db/transaction';
import { auditRepo } from '../audit';
import { publishersRepo, type PublishersRepo } from './publishers.repo';

/**
 * Publisher details are read on nearly every page and change rarely. Cached per process; any change
 * (any process, any SQL) reaches every process on commit through NOTIFY (migration 0102), so the TTL
 * is only a safety net, and short while that listener is down or absent.
 */
const DETAILS_TTL_MS = 60_000;
const UNLISTENED_TTL_MS = 1_000;

export function createPublishersService(db: Db, repo: PublishersRepo, changes?: ChangeNotifications) {
  // Entries hold the read's promise: invalidation removes a read still in flight too.
  const cache = new Map<string, { at: number; value: Promise<PublisherDetails | null> }>();
  const invalidate = (publisherId: string | null) => {
    if (publisherId === null) cache.clear();
    else for (const key of cache.keys()) if (key.startsWith(`${publisherId}|`)) cache.delete(key);
  };
  changes?.subscribe('publisher', invalidate);
  const cachedDetails = (publisherId: string, includeSites: boolean) => {
    const key = `${publisherId}|${includeSites}`;
    const hit = cache.get(key);
    const ttl = changes?.listening() ? DETAILS_TTL_MS : UNLISTENED_TTL_MS;
    if (hit && Date.now() - hit.at < ttl) return hit.value;
    // Countries were free text before the ISO list (contracts/countries.ts): a stored name is
    // answered as its code so the form shows it chosen and saving it again validates. Once per read.
    const value = repo.getDetails(publisherId, includeSites).then((details) => {
      const country = details && toCountryCode(details.company.country);
      return !details || country === details.company.country ? details : { ...details, company: { ...details.company, country: country! } };
    });
    value.catch(() => cache.delete(key));
    if (cache.size > 10_000) cache.clear();
    cache.set(key, { at: Date.now(), value });
    return value;
  };
  return {
    /** Drops this process's cached details at once (other processes learn it by NOTIFY on commit). */
    invalidate(publisherId: string) {
      invalidate(publisherId);
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
