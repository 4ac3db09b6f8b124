import { sql } from 'kysely';
import type { Db } from '../../db/pool';

export interface SetupSiteRow {
  id: string;
  name: string;
  domain: string;
  event_tracker_data_received_at: Date | null;
}

export interface SetupAdsTxtRow {
  id: string;
  site_id: string;
  hosted_enabled: boolean;
  redirection_status: string;
  redirection_reason: string | null;
}

/** The facts the setup checklist is computed from; read-only SQL over other areas' tables. */
export function setupRepo(db: Db) {
  return {
    activeSites(publisherId: string): Promise<SetupSiteRow[]> {
      return db
        .selectFrom('sites')
        .select(['id', 'name', 'domain', 'event_tracker_data_received_at'])
        .where('publisher_id', '=', publisherId)
        .where('active', '=', true)
        .orderBy('name')
        .execute();
    },
    /** Sites whose site tag (any tag service) is activated or on its way. */
    async tagStates(publisherId: string): Promise<Map<string, string>> {
      const rows = await db
        .selectFrom('site_services')
        .select(['site_id', 'status'])
        .where('publisher_id', '=', publisherId)
        .where('service_id', 'in', ['audience', 'performance'])
        .where('status', '<>', 'NOT_ACTIVATED')
        .execute();
      const out = new Map<string, string>();
      for (const r of rows) if (out.get(r.site_id) !== 'ACTIVATED') out.set(r.site_id, r.status);
      return out;
    },
    adsTxtDomains(publisherId: string): Promise<SetupAdsTxtRow[]> {
      return db
        .selectFrom('adstxt_domains')
        .select(['id', 'site_id', 'hosted_enabled', 'redirection_status', 'redirection_reason'])
        .where('publisher_id', '=', publisherId)
        .where('kind', '=', 'web')
        .where('site_id', 'is not', null)
        .execute() as Promise<SetupAdsTxtRow[]>;
    },
    monitors(publisherId: string): Promise<{ site_id: string | null; url: string }[]> {
      return db.selectFrom('monitors').select(['site_id', 'url']).where('publisher_id', '=', publisherId).execute();
    },
    async hasPaymentSettings(publisherId: string): Promise<boolean> {
      const row = await db.selectFrom('payment_settings').select('publisher_id').where('publisher_id', '=', publisherId).executeTakeFirst();
      return row !== undefined;
    },
    /** The publisher's own enabled users (staff, scope ALL, are not teammates) and open or accepted invitations. */
    async team(publisherId: string): Promise<{ users: number; invitations: number }> {
      const users = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('disabled', '=', false)
        .where(sql<boolean>`string_to_array(replace(publisher_scope, ' ', ''), ',') @> ARRAY[${publisherId}]::text[]`)
        .executeTakeFirstOrThrow();
      const invitations = await db
        .selectFrom('invitations')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('status', 'in', ['pending', 'accepted'])
        .where(sql<boolean>`publisher_ids @> ARRAY[${publisherId}]::text[]`)
        .executeTakeFirstOrThrow();
      return { users: Number(users.n), invitations: Number(invitations.n) };
    },
  };
}

export type SetupRepo = ReturnType<typeof setupRepo>;
