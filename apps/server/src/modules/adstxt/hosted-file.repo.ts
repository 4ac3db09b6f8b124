import { sql } from 'kysely';
import type { Db } from '../../db/pool';
import type { PublisherIds } from './required-lines/domain-required-lines';

/** What a hosted file is rendered from; its key says whether a stored rendering is still current. */
export interface HostedInputsKeyParts extends PublisherIds {
  revision_id: string | null;
  template_md5: string;
}

/** A domain's serving state: no file content, only what decides whether the stored file is current. */
export interface HostedServingRow extends HostedInputsKeyParts {
  id: string;
  hosted_enabled: boolean;
  inputs_key: string | null;
  etag: string | null;
}

export interface HostedRenderInputs extends HostedInputsKeyParts {
  own: string;
  template: string;
}

export const hostedInputsKey = (k: HostedInputsKeyParts): string =>
  JSON.stringify([
    k.revision_id === null ? null : String(k.revision_id),
    k.template_md5,
    k.publisher_id,
    k.pub_an_id,
    k.appnexus_direct_id,
  ]);

/** The stored hosted files (migration 0115): small lookups on every GET, the text only when needed. */
export function hostedFileRepo(db: Db) {
  return {
    /** One indexed lookup per GET: the latest revision's id (not its text) and the template's md5. */
    servingState(domainName: string, kind: 'web' | 'app'): Promise<HostedServingRow | undefined> {
      return (
        db
          .selectFrom('adstxt_domains as d')
          .innerJoin('publishers as p', 'p.id', 'd.publisher_id')
          .leftJoin('adstxt_hosted_files as h', 'h.domain_id', 'd.id')
          .select([
            'd.id',
            'd.hosted_enabled',
            'd.publisher_id',
            'p.appnexus_marketplace_id as pub_an_id',
            'p.appnexus_direct_id',
            'h.inputs_key',
            'h.etag',
            sql<string | null>`(select r.id::text from adstxt_revisions r where r.domain_id = d.id order by r.id desc limit 1)`.as(
              'revision_id',
            ),
            sql<string>`(select md5(t.content) from adstxt_template t)`.as('template_md5'),
          ])
          .where('d.domain_name', '=', domainName.toLowerCase())
          .where('d.kind', '=', kind)
          // Only the proven holder of a domain is served (app-domain-claims.service.ts): a pending
          // claim of another publisher on the same name never answers for it.
          .where('d.claim_status', '=', 'active')
          .executeTakeFirst()
      );
    },

    /** The latest revision, the template and the publisher's ids, read together for one rendering. */
    async renderInputs(domainId: string): Promise<HostedRenderInputs | undefined> {
      const row = await sql<HostedRenderInputs>`
        select d.publisher_id, p.appnexus_marketplace_id as pub_an_id, p.appnexus_direct_id,
               r.id::text as revision_id, coalesce(r.content, '') as own, t.content as template, md5(t.content) as template_md5
        from adstxt_domains d
        join publishers p on p.id = d.publisher_id
        cross join adstxt_template t
        left join lateral (select id, content from adstxt_revisions where domain_id = d.id order by id desc limit 1) r on true
        where d.id = ${domainId}`.execute(db);
      return row.rows[0];
    },

    async content(domainId: string): Promise<{ etag: string; content: string } | undefined> {
      return db.selectFrom('adstxt_hosted_files').select(['etag', 'content']).where('domain_id', '=', domainId).executeTakeFirst();
    },

    async store(domainId: string, inputsKey: string, etag: string, content: string): Promise<void> {
      await db
        .insertInto('adstxt_hosted_files')
        .values({ domain_id: domainId, inputs_key: inputsKey, etag, content })
        .onConflict((oc) => oc.column('domain_id').doUpdateSet({ inputs_key: inputsKey, etag, content, rendered_at: sql`now()` }))
        .execute();
    },
  };
}
