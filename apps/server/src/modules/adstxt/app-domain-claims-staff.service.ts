import type { StaffDomainClaim } from '@pc/contracts';
import { inTransaction } from '../../db/transaction';
import { HttpError, notFound } from '../../lib/http-error';
import { auditRepo } from '../audit';
import { appDomainClaimsRepo, type ClaimMethod } from './app-domain-claims.repo';
import { claimRules, type ClaimsDeps } from './app-domain-claims.service';

const unknownClaim = () => notFound('This domain claim does not exist.');

/** Staff see the claims that wait (or clash with a partner's site) and decide them, with a reason. */
/** The claim as it is once its domain is locked (another decision may have changed it meanwhile). */
async function lockedClaim(repo: ReturnType<typeof appDomainClaimsRepo>, claimId: string) {
  const claim = await repo.findById(claimId);
  if (!claim) throw unknownClaim();
  await repo.lockDomain(claim.domain_name);
  return (await repo.findById(claimId))!;
}

export function createDomainClaimsStaffService(deps: Pick<ClaimsDeps, 'db' | 'jobs' | 'productName'>) {
  const rules = claimRules(deps);
  return {
    async list(status: 'pending' | 'rejected'): Promise<StaffDomainClaim[]> {
      const repo = appDomainClaimsRepo(deps.db);
      const rows = await repo.forStaff(status);
      const domains = [...new Set(rows.map((r) => r.domain_name))];
      const [owners, holders] = await Promise.all([repo.siteOwners(domains), repo.holders(domains)]);
      return rows.map((r) => {
        const holder = holders.find((h) => h.domain_name === r.domain_name && h.publisher_id !== r.publisher_id);
        return {
          claimId: r.id,
          domain: r.domain_name,
          publisherId: r.publisher_id,
          publisherName: r.publisher_name,
          status: r.claim_status,
          method: r.claim_method as ClaimMethod | null,
          note: r.claim_note,
          requestedAt: r.claim_requested_at.toISOString(),
          checkedAt: r.claim_checked_at?.toISOString() ?? null,
          siteOwners: owners
            .filter((o) => o.domain === r.domain_name)
            .map(({ publisherId, publisherName }) => ({ publisherId, publisherName })),
          holder: holder
            ? { publisherId: holder.publisher_id, publisherName: holder.publisher_name, method: holder.claim_method as ClaimMethod | null }
            : null,
        };
      });
    },

    /** The claim becomes the domain's active one; the holder it displaces waits for proof again. */
    async approve(actorUserId: string, claimId: string, reason: string): Promise<void> {
      await inTransaction(deps.db, async (trx) => {
        const repo = appDomainClaimsRepo(trx);
        const now = await lockedClaim(repo, claimId);
        if (now.claim_status === 'active') throw new HttpError(409, 'This claim is already active.', 'Conflict');
        await rules.activate(trx, now, 'staff', actorUserId, reason);
        await auditRepo(trx).record({
          actorUserId,
          publisherId: now.publisher_id,
          action: 'adstxt.claim_approved',
          details: { domain: now.domain_name, claimId, reason },
        });
      });
    },

    /** Nothing is served for a rejected claim; its publisher sees the reason and may remove it. */
    async reject(actorUserId: string, claimId: string, reason: string): Promise<void> {
      await inTransaction(deps.db, async (trx) => {
        const repo = appDomainClaimsRepo(trx);
        const now = await lockedClaim(repo, claimId);
        if (now.claim_status === 'rejected') throw new HttpError(409, 'This claim is already rejected.', 'Conflict');
        await repo.set(claimId, { status: 'rejected', method: null, note: reason });
        await auditRepo(trx).record({
          actorUserId,
          publisherId: now.publisher_id,
          action: 'adstxt.claim_rejected',
          details: { domain: now.domain_name, claimId, reason, wasActive: now.claim_status === 'active' },
        });
      });
    },
  };
}
export type DomainClaimsStaffService = ReturnType<typeof createDomainClaimsStaffService>;
