import type { CrawlHop } from './crawler/crawl-types';
import type { Db } from '../../db/pool';

export interface DomainRow {
  id: string;
  publisher_id: string;
  domain_name: string;
  hosted_enabled: boolean;
  redirection_status: string;
  redirection_reason: string | null;
  redirection_checked_at: Date | null;
  pub_name: string;
  pub_an_id: string | null;
  appnexus_direct_id: string | null;
  /** 'web': the site's /ads.txt; 'app': an app developer domain's /app-ads.txt. */
  kind: 'web' | 'app';
}

export interface CrawlRow {
  domain_id: string;
  status: string;
  http_status: number | null;
  redirect_chain: string[];
  final_url: string | null;
  content: string | null;
  content_hash: string | null;
  error_reason: string | null;
  used_previous: boolean;
  stale: boolean;
  fetched_at: Date;
  /** With used_previous: when the kept copy was read. */
  previous_fetched_at: Date | null;
  /** The crawler's-eye view: every answer on the way (CrawlHop[]). */
  hops: CrawlHop[];
}

export function adsTxtRepo(db: Db) {
  const domains = () =>
    db
      .selectFrom('adstxt_domains as d')
      .innerJoin('publishers as p', 'p.id', 'd.publisher_id')
      .select([
        'd.id',
        'd.publisher_id',
        'd.domain_name',
        'd.hosted_enabled',
        'd.redirection_status',
        'd.redirection_reason',
        'd.redirection_checked_at',
        'p.name as pub_name',
        'p.appnexus_marketplace_id as pub_an_id',
        'p.appnexus_direct_id',
        'd.kind',
      ])
      // Only an active claim is served, crawled and managed; a pending one waits for proof or
      // staff (app-domain-claims.service.ts) and is seen only through the claims views.
      .where('d.claim_status', '=', 'active');

  return {
    /** A site's ads.txt domain row is made when the site is (migration 0004's trigger). */
    listDomains(publisherId: string): Promise<DomainRow[]> {
      return domains().where('d.publisher_id', '=', publisherId).orderBy('d.domain_name').execute();
    },
    /** Scoped lookup: a domain id from another publisher is simply not found. */
    findDomain(publisherId: string, domainId: string): Promise<DomainRow | undefined> {
      return domains().where('d.publisher_id', '=', publisherId).where('d.id', '=', domainId).executeTakeFirst();
    },
    findDomainByName(domainName: string, kind: 'web' | 'app' = 'web'): Promise<DomainRow | undefined> {
      return domains().where('d.domain_name', '=', domainName.toLowerCase()).where('d.kind', '=', kind).executeTakeFirst();
    },
    async deleteAppDomain(publisherId: string, domainId: string): Promise<boolean> {
      const r = await db
        .deleteFrom('adstxt_domains')
        .where('id', '=', domainId)
        .where('publisher_id', '=', publisherId)
        .where('kind', '=', 'app')
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
    allDomainsDueForCrawl(olderThan: Date): Promise<{ id: string; publisher_id: string }[]> {
      return db
        .selectFrom('adstxt_domains as d')
        .select(['d.id', 'd.publisher_id'])
        .where('d.claim_status', '=', 'active')
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('adstxt_crawls as c').select('c.id').whereRef('c.domain_id', '=', 'd.id').where('c.fetched_at', '>', olderThan),
            ),
          ),
        )
        .execute();
    },
    async latestCrawls(domainIds: string[]): Promise<Map<string, CrawlRow>> {
      if (domainIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('adstxt_crawls')
        .distinctOn('domain_id')
        .select([
          'domain_id',
          'status',
          'http_status',
          'redirect_chain',
          'final_url',
          'content',
          'content_hash',
          'error_reason',
          'used_previous',
          'stale',
          'fetched_at',
          'previous_fetched_at',
          'hops',
        ])
        .where('domain_id', 'in', domainIds)
        .orderBy('domain_id')
        .orderBy('fetched_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return new Map(rows.map((r) => [r.domain_id, { ...r, hops: r.hops as CrawlHop[] } as CrawlRow]));
    },
    /** The site a domain belongs to (null for app developer domains), for the incidents it opens. */
    async siteOfDomain(domainId: string): Promise<string | null> {
      const row = await db.selectFrom('adstxt_domains').select('site_id').where('id', '=', domainId).executeTakeFirst();
      return row?.site_id ?? null;
    },
    async insertCrawl(c: Omit<CrawlRow, 'fetched_at' | 'hops'> & { fetched_at: Date; hops?: CrawlHop[] }): Promise<void> {
      await db
        .insertInto('adstxt_crawls')
        .values({ ...c, redirect_chain: JSON.stringify(c.redirect_chain), hops: JSON.stringify(c.hops ?? []) })
        .execute();
    },
    async setHosting(domainId: string, enabled: boolean, status: string): Promise<void> {
      await db
        .updateTable('adstxt_domains')
        .set({ hosted_enabled: enabled, redirection_status: status, redirection_reason: null })
        .where('id', '=', domainId)
        .execute();
    },
    async setRedirection(domainId: string, status: string, reason: string | null): Promise<void> {
      await db
        .updateTable('adstxt_domains')
        .set({ redirection_status: status, redirection_reason: reason, redirection_checked_at: new Date() })
        .where('id', '=', domainId)
        .execute();
    },
    async latestRevisionIds(domainIds: string[]): Promise<Map<string, number>> {
      if (domainIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('adstxt_revisions')
        .select(['domain_id', (eb) => eb.fn.max('id').as('id')])
        .where('domain_id', 'in', domainIds)
        .groupBy('domain_id')
        .execute();
      return new Map(rows.map((r) => [r.domain_id, Number(r.id)]));
    },
    latestRevision(domainId: string) {
      return db
        .selectFrom('adstxt_revisions')
        .selectAll()
        .where('domain_id', '=', domainId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
    revision(domainId: string, revisionId: number) {
      return db
        .selectFrom('adstxt_revisions')
        .selectAll()
        .where('domain_id', '=', domainId)
        .where('id', '=', revisionId)
        .executeTakeFirst();
    },
    revisions(domainId: string) {
      return db
        .selectFrom('adstxt_revisions as r')
        .leftJoin('users as u', 'u.id', 'r.created_by')
        .select(['r.id', 'r.lines_added', 'r.lines_removed', 'r.warnings', 'r.created_at', 'u.email as author'])
        .where('r.domain_id', '=', domainId)
        .orderBy('r.id', 'desc')
        .limit(200)
        .execute();
    },
    async insertRevision(r: {
      domainId: string;
      content: string;
      createdBy: string | null;
      added: number;
      removed: number;
      warnings: number;
    }): Promise<number> {
      const row = await db
        .insertInto('adstxt_revisions')
        .values({
          domain_id: r.domainId,
          content: r.content,
          created_by: r.createdBy,
          lines_added: r.added,
          lines_removed: r.removed,
          warnings: r.warnings,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async template(): Promise<string> {
      return (await db.selectFrom('adstxt_template').select('content').executeTakeFirstOrThrow()).content;
    },
    /** The template with who changed it last, for the console's editor. */
    async templateDetails() {
      return db
        .selectFrom('adstxt_template')
        .leftJoin('users', 'users.id', 'adstxt_template.updated_by')
        .select(['adstxt_template.content', 'adstxt_template.updated_at', 'users.email'])
        .executeTakeFirstOrThrow();
    },
    async setTemplate(content: string, userId: string): Promise<void> {
      await db.updateTable('adstxt_template').set({ content, updated_by: userId, updated_at: new Date() }).execute();
    },
  };
}
export type AdsTxtRepo = ReturnType<typeof adsTxtRepo>;
