import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/pool';

export type ClaimStatus = 'active' | 'pending' | 'rejected';
export type ClaimMethod = 'first_claim' | 'site_owner' | 'hosted_file' | 'dns_txt' | 'staff';

export interface ClaimRow {
  id: string;
  publisher_id: string;
  domain_name: string;
  claim_status: ClaimStatus;
  claim_method: ClaimMethod | null;
  claim_token: string | null;
  claim_note: string | null;
  claim_checked_at: Date | null;
  claim_requested_at: Date;
}

const CLAIM_COLUMNS = [
  'd.id',
  'd.publisher_id',
  'd.domain_name',
  'd.claim_status',
  'd.claim_method',
  'd.claim_token',
  'd.claim_note',
  'd.claim_checked_at',
  'd.claim_requested_at',
] as const;

/** SQL for app developer domain claims (rows of adstxt_domains of kind 'app', migration 0140). */
export function appDomainClaimsRepo(db: Db) {
  const claims = () => db.selectFrom('adstxt_domains as d').select(CLAIM_COLUMNS).where('d.kind', '=', 'app');
  return {
    /** Serialises every decision about one domain until the transaction ends (two claims at once). */
    async lockDomain(domain: string): Promise<void> {
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`app-domain-claim:${domain}`}))`.execute(db);
    },
    /** Publishers with a site on these domains (the sites table is staff-maintained). */
    async siteOwners(domains: string[]): Promise<{ domain: string; publisherId: string; publisherName: string }[]> {
      if (domains.length === 0) return [];
      return db
        .selectFrom('sites as s')
        .innerJoin('publishers as p', 'p.id', 's.publisher_id')
        .select([sql<string>`lower(s.domain)`.as('domain'), 'p.id as publisherId', 'p.name as publisherName'])
        .where(sql<string>`lower(s.domain)`, 'in', domains)
        .distinct()
        .orderBy('publisherId')
        .execute();
    },
    /** The active claim of each of these domains, with its publisher's name. */
    async holders(domains: string[]) {
      if (domains.length === 0) return [];
      return db
        .selectFrom('adstxt_domains as d')
        .innerJoin('publishers as p', 'p.id', 'd.publisher_id')
        .select(['d.domain_name', 'd.publisher_id', 'p.name as publisher_name', 'd.claim_method'])
        .where('d.kind', '=', 'app')
        .where('d.claim_status', '=', 'active')
        .where('d.domain_name', 'in', domains)
        .execute();
    },
    claimsOnDomain(domain: string): Promise<ClaimRow[]> {
      return claims().where('d.domain_name', '=', domain).execute() as Promise<ClaimRow[]>;
    },
    /** The publisher's claim, whatever its status; another publisher's id is simply not found. */
    findOwn(publisherId: string, id: string): Promise<ClaimRow | undefined> {
      return claims().where('d.publisher_id', '=', publisherId).where('d.id', '=', id).executeTakeFirst() as Promise<ClaimRow | undefined>;
    },
    findById(id: string): Promise<ClaimRow | undefined> {
      return claims().where('d.id', '=', id).executeTakeFirst() as Promise<ClaimRow | undefined>;
    },
    /** The publisher's claims that are not active (pending or rejected), oldest first. */
    openOf(publisherId: string): Promise<ClaimRow[]> {
      return claims()
        .where('d.publisher_id', '=', publisherId)
        .where('d.claim_status', '<>', 'active')
        .orderBy('d.claim_requested_at')
        .execute() as Promise<ClaimRow[]>;
    },
    /**
     * For staff: claims of the status, and (for 'pending') active claims on another publisher's
     * site domain too, so a claim made before proofs were asked for is seen and can be rejected.
     */
    forStaff(status: 'pending' | 'rejected') {
      return db
        .selectFrom('adstxt_domains as d')
        .innerJoin('publishers as p', 'p.id', 'd.publisher_id')
        .select([...CLAIM_COLUMNS, 'p.name as publisher_name'])
        .where('d.kind', '=', 'app')
        .where((eb) =>
          status === 'rejected'
            ? eb('d.claim_status', '=', 'rejected')
            : eb.or([
                eb('d.claim_status', '=', 'pending'),
                eb.and([
                  eb('d.claim_status', '=', 'active'),
                  eb.exists(
                    eb
                      .selectFrom('sites as s')
                      .select('s.id')
                      .where(sql<string>`lower(s.domain)`, '=', eb.ref('d.domain_name'))
                      .whereRef('s.publisher_id', '<>', 'd.publisher_id'),
                  ),
                ]),
              ]),
        )
        .orderBy('d.claim_requested_at')
        .limit(500)
        .execute();
    },
    /** A new claim; null when this publisher already claims the domain. */
    async insert(c: { publisherId: string; domain: string; status: ClaimStatus; method: ClaimMethod | null; token: string | null }) {
      const row = await db
        .insertInto('adstxt_domains')
        .values({
          id: `a${randomUUID().replace(/-/g, '').slice(0, 16)}`,
          publisher_id: c.publisherId,
          site_id: null,
          domain_name: c.domain,
          kind: 'app',
          claim_status: c.status,
          claim_method: c.method,
          claim_token: c.token,
        })
        .onConflict((oc) => oc.columns(['domain_name', 'kind', 'publisher_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id ?? null;
    },
    async set(id: string, s: { status: ClaimStatus; method: ClaimMethod | null; note: string | null }): Promise<void> {
      await db
        .updateTable('adstxt_domains')
        .set({ claim_status: s.status, claim_method: s.method, claim_note: s.note })
        .where('id', '=', id)
        .execute();
    },
    async markChecked(id: string, at: Date, note: string | null): Promise<void> {
      await db.updateTable('adstxt_domains').set({ claim_checked_at: at, claim_note: note }).where('id', '=', id).execute();
    },
  };
}
export type AppDomainClaimsRepo = ReturnType<typeof appDomainClaimsRepo>;
