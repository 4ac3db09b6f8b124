import { randomBytes } from 'node:crypto';
import type { AppDomainClaim, AppDomainClaimCheck } from '@pc/contracts';
import type { Db } from '../../db/pool';
import { inTransaction } from '../../db/transaction';
import { HttpError, notFound } from '../../lib/http-error';
import type { JobQueue } from '../../lib/jobs/job-queue';
import { publisherRecipients } from '../../mail/publisher-recipients';
import { auditRepo } from '../audit';
import { SERVICES_MAIL_QUEUE, type ServicesMailPayload } from '../services';
import { ADSTXT_CRAWL_QUEUE, type AdsTxtCrawlPayload } from './adstxt-crawl.job';
import type { AdsTxtCrawlerPort } from './adstxt-crawler-port';
import { appDomainClaimsRepo, type ClaimMethod, type ClaimRow } from './app-domain-claims.repo';
import { checkProof, proofFileLine, proofRecord, type TxtResolver } from './app-domain-proof';

export interface ClaimsDeps {
  db: Db;
  jobs: JobQueue;
  crawler: AdsTxtCrawlerPort;
  resolveTxt: TxtResolver;
  /** Names the product in the e-mail a displaced holder receives. */
  productName: string;
}

interface Ctx {
  uid: string;
  publisherId: string;
}

// Who may take a domain from its current holder: a fresh proof shows who controls the domain
// today, so it outranks an unproven first claim and a site listing (and a proof older than it);
// a staff decision outranks everything; a site listing outranks only an unproven first claim.
const RANK: Record<ClaimMethod, number> = { first_claim: 0, site_owner: 1, hosted_file: 2, dns_txt: 2, staff: 3 };
const PROOF_RANK = 2;
function outranks(method: ClaimMethod, holder: ClaimMethod | null): boolean {
  const h = RANK[holder ?? 'first_claim'];
  return method === 'staff' || RANK[method] > h || (RANK[method] === PROOF_RANK && h === PROOF_RANK);
}

export const newClaimToken = () => randomBytes(16).toString('hex');

// The holder's file stops being served: its people hear it at once, with how to get it back.
async function tellDisplaced(deps: Pick<ClaimsDeps, 'jobs' | 'productName'>, trx: Db, publisherId: string, domain: string) {
  const to = await publisherRecipients(trx, publisherId);
  if (to.length === 0) return;
  await deps.jobs.enqueue<ServicesMailPayload>(
    SERVICES_MAIL_QUEUE,
    {
      to,
      subject: `${deps.productName}: your app-ads.txt for ${domain} is no longer served`,
      text:
        `Another partner proved that it controls ${domain}, so its app-ads.txt is served there now and yours is not.\n\n` +
        `If the domain is yours, open Ads.txt Management and prove it again with the token shown there (a line in the file or a DNS TXT record), or contact your account manager.\n`,
    },
    { db: trx },
  );
}
/** The domain-claim rules every path shares (adding, "Verify now", staff decisions). */
export function claimRules(deps: Pick<ClaimsDeps, 'jobs' | 'productName'>) {
  return {
    /** How the claim becomes active without proof, or null when it needs one. */
    async withoutProof(trx: Db, claim: Pick<ClaimRow, 'publisher_id' | 'domain_name'>): Promise<ClaimMethod | null> {
      const repo = appDomainClaimsRepo(trx);
      const owners = await repo.siteOwners([claim.domain_name]);
      if (owners.some((o) => o.publisherId === claim.publisher_id)) return 'site_owner';
      if (owners.length > 0) return null;
      const others = (await repo.claimsOnDomain(claim.domain_name)).filter((c) => c.publisher_id !== claim.publisher_id);
      return others.length === 0 ? 'first_claim' : null;
    },

    /**
     * Makes the claim the domain's active one when `method` outranks the current holder, whose
     * claim then waits for proof again (audited for its publisher). Call under lockDomain.
     */
    async activate(trx: Db, claim: ClaimRow, method: ClaimMethod, actorUserId: string, note: string | null): Promise<boolean> {
      const repo = appDomainClaimsRepo(trx);
      const holder = (await repo.claimsOnDomain(claim.domain_name)).find((c) => c.claim_status === 'active' && c.id !== claim.id);
      if (holder && !outranks(method, holder.claim_method)) return false;
      if (holder) {
        // Set back first: one active row per domain (migration 0140's unique index).
        await repo.set(holder.id, {
          status: 'pending',
          method: null,
          note: 'Another partner proved this domain: prove it again to serve it.',
        });
        await auditRepo(trx).record({
          actorUserId,
          publisherId: holder.publisher_id,
          action: 'adstxt.claim_displaced',
          details: { domain: claim.domain_name, by: claim.publisher_id, method },
        });
        await tellDisplaced(deps, trx, holder.publisher_id, claim.domain_name);
      }
      await repo.set(claim.id, { status: 'active', method, note });
      await deps.jobs.enqueue<AdsTxtCrawlPayload>(
        ADSTXT_CRAWL_QUEUE,
        { publisherId: claim.publisher_id, domainId: claim.id },
        { dedupeKey: claim.id, maxAttempts: 2, db: trx },
      );
      return true;
    },
  };
}

const claimView = (c: ClaimRow): AppDomainClaim => {
  const token = c.claim_token ?? '';
  return {
    domain_id: c.id,
    domain: c.domain_name,
    status: c.claim_status === 'rejected' ? 'rejected' : 'pending',
    token,
    dnsRecord: proofRecord(token),
    fileLine: proofFileLine(token),
    note: c.claim_note,
    requestedAt: c.claim_requested_at.toISOString(),
    checkedAt: c.claim_checked_at?.toISOString() ?? null,
  };
};

/** A publisher's own claims: adding one, seeing those not active yet, and "Verify now". */
export function createAppDomainClaimsService(deps: ClaimsDeps) {
  const rules = claimRules(deps);
  return {
    /** A new claim under the domain's lock: active when no proof is needed, pending otherwise. */
    async claim(trx: Db, ctx: Ctx, domain: string): Promise<{ id: string; status: 'active' | 'pending' } | null> {
      const repo = appDomainClaimsRepo(trx);
      await repo.lockDomain(domain);
      const id = await repo.insert({ publisherId: ctx.publisherId, domain, status: 'pending', method: null, token: newClaimToken() });
      if (!id) return null;
      const row = (await repo.findById(id))!;
      const method = await rules.withoutProof(trx, row);
      const active = method !== null && (await rules.activate(trx, row, method, ctx.uid, null));
      return { id, status: active ? 'active' : 'pending' };
    },

    async listOwn(ctx: Ctx): Promise<AppDomainClaim[]> {
      return (await appDomainClaimsRepo(deps.db).openOf(ctx.publisherId)).map(claimView);
    },

    /** Looks for the token (hosted file and DNS TXT) and activates the claim when found. */
    async verify(ctx: Ctx, id: string): Promise<AppDomainClaimCheck> {
      const claim = await appDomainClaimsRepo(deps.db).findOwn(ctx.publisherId, id);
      if (!claim) throw notFound('This app developer domain does not exist for the chosen publisher.');
      if (claim.claim_status === 'rejected')
        throw new HttpError(
          409,
          `Staff rejected this claim: ${claim.claim_note ?? 'no reason given'} Remove it and add the domain again to start over.`,
          'Conflict',
        );
      if (claim.claim_status === 'active') return { status: 'active', method: claim.claim_method, checks: [], note: claim.claim_note };
      // Network first, outside any transaction; then the decision under the domain's lock.
      const checks = await checkProof(deps, claim.domain_name, claim.claim_token ?? newClaimToken());
      return inTransaction(deps.db, async (trx) => {
        const repo = appDomainClaimsRepo(trx);
        await repo.lockDomain(claim.domain_name);
        const now = await repo.findOwn(ctx.publisherId, id);
        if (!now || now.claim_status !== 'pending') throw new HttpError(409, 'This claim changed meanwhile: reload the page.', 'Conflict');
        const proof = checks.find((c) => c.ok)?.method ?? null;
        const method = proof ?? (await rules.withoutProof(trx, now));
        const active = method !== null && (await rules.activate(trx, now, method, ctx.uid, null));
        const note = active
          ? null
          : proof
            ? 'Proven, but another partner also proved this domain: staff will decide.'
            : 'The token was not found yet: add it, then verify again.';
        if (!active) await repo.markChecked(id, new Date(), note);
        await auditRepo(trx).record({
          actorUserId: ctx.uid,
          publisherId: ctx.publisherId,
          action: active ? 'adstxt.claim_proven' : proof ? 'adstxt.claim_proof_conflict' : 'adstxt.claim_checked',
          details: { domain: claim.domain_name, method, checks: checks.map((c) => ({ method: c.method, ok: c.ok })) },
        });
        return { status: active ? 'active' : 'pending', method: active ? method : null, checks, note };
      });
    },
  };
}
export type AppDomainClaimsService = ReturnType<typeof createAppDomainClaimsService>;
