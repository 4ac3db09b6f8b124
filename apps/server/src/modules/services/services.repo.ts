import { sql } from 'kysely';
import type { DataIntegrationStatus } from '@pc/contracts';
import type { Db } from '../../db/pool';
import type { SiteServiceRow } from '../site-status';

export interface DataIntegrationRow {
  id: string;
  publisher_id: string;
  publisher_name: string;
  site_id: string;
  site_name: string;
  data_source: string;
  contact_name: string;
  contact_email: string;
  notes: string;
  status: DataIntegrationStatus;
  initiated_at: Date;
  cancelled_at: Date | null;
  confirmed_at: Date | null;
}

/** SQL for site activations, data integrations and service requests. */
export function servicesRepo(db: Db) {
  const integrations = () =>
    db
      .selectFrom('data_integrations as d')
      .innerJoin('sites as s', 's.id', 'd.site_id')
      .innerJoin('publishers as p', 'p.id', 'd.publisher_id')
      .select([
        'd.id',
        'd.publisher_id',
        'p.name as publisher_name',
        'd.site_id',
        's.name as site_name',
        'd.data_source',
        'd.contact_name',
        'd.contact_email',
        'd.notes',
        'd.status',
        'd.initiated_at',
        'd.cancelled_at',
        'd.confirmed_at',
      ]);
  return {
    /** Locks the rows so two activations of one site serialise. */
    async statesForUpdate(publisherId: string, serviceId: string, siteIds: string[]): Promise<SiteServiceRow[]> {
      if (siteIds.length === 0) return [];
      return db
        .selectFrom('site_services')
        .select(['site_id', 'service_id', 'status', 'requested_at', 'activated_at'])
        .where('publisher_id', '=', publisherId)
        .where('service_id', '=', serviceId)
        .where('site_id', 'in', siteIds)
        .forUpdate()
        .execute();
    },
    async markPending(publisherId: string, serviceId: string, siteId: string, by: string): Promise<void> {
      await db
        .insertInto('site_services')
        .values({
          site_id: siteId,
          service_id: serviceId,
          publisher_id: publisherId,
          status: 'PENDING',
          requested_at: new Date(),
          requested_by: by,
        })
        .onConflict((oc) =>
          oc
            .columns(['site_id', 'service_id'])
            .doUpdateSet({ status: 'PENDING', requested_at: new Date(), requested_by: by, updated_at: new Date() }),
        )
        .execute();
    },
    /** PENDING -> ACTIVATED; returns the sites that moved (a rerun of the job moves none). */
    async activatePending(serviceId: string, siteIds: string[]): Promise<string[]> {
      if (siteIds.length === 0) return [];
      const rows = await db
        .updateTable('site_services')
        .set({ status: 'ACTIVATED', activated_at: new Date(), updated_at: new Date() })
        .where('service_id', '=', serviceId)
        .where('site_id', 'in', siteIds)
        .where('status', '=', 'PENDING')
        .returning('site_id')
        .execute();
      return rows.map((r) => r.site_id);
    },
    async integrationsOf(publisherId: string): Promise<DataIntegrationRow[]> {
      return integrations().where('d.publisher_id', '=', publisherId).orderBy('d.initiated_at', 'desc').execute();
    },
    async integrationsWithStatus(status: DataIntegrationStatus | null): Promise<DataIntegrationRow[]> {
      let q = integrations();
      if (status) q = q.where('d.status', '=', status);
      return q.orderBy('d.initiated_at', 'desc').limit(500).execute();
    },
    async integrationForUpdate(id: string): Promise<DataIntegrationRow | undefined> {
      return integrations().where('d.id', '=', id).forUpdate(['d']).executeTakeFirst();
    },
    /** Null when the site already has an open (initiated or confirmed) integration. */
    async insertIntegration(v: {
      publisherId: string;
      siteId: string;
      dataSource: string;
      contactName: string;
      contactEmail: string;
      notes: string;
      by: string;
    }): Promise<string | null> {
      const r = await db
        .insertInto('data_integrations')
        .values({
          publisher_id: v.publisherId,
          site_id: v.siteId,
          data_source: v.dataSource,
          contact_name: v.contactName,
          contact_email: v.contactEmail,
          notes: v.notes,
          status: 'INITIATED',
          initiated_by: v.by,
        })
        .onConflict((oc) => oc.column('site_id').where('status', 'in', ['INITIATED', 'CONFIRMED']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return r?.id ?? null;
    },
    async setIntegrationStatus(id: string, status: 'CANCELLED' | 'CONFIRMED', by: string): Promise<void> {
      const now = new Date();
      await db
        .updateTable('data_integrations')
        .set(status === 'CANCELLED' ? { status, cancelled_at: now, cancelled_by: by } : { status, confirmed_at: now, confirmed_by: by })
        .where('id', '=', id)
        .execute();
    },
    async insertRequest(v: {
      publisherId: string;
      kind: 'product_demo' | 'data_source';
      serviceId: string | null;
      dataSource: string;
      message: string;
      by: string;
    }): Promise<string> {
      const r = await db
        .insertInto('service_requests')
        .values({
          publisher_id: v.publisherId,
          kind: v.kind,
          service_id: v.serviceId,
          data_source: v.dataSource,
          message: v.message,
          created_by: v.by,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return r.id;
    },
    async requests(limit: number, status: 'pending' | null = null, id: string | null = null) {
      let q = db
        .selectFrom('service_requests as r')
        .innerJoin('publishers as p', 'p.id', 'r.publisher_id')
        .leftJoin('users as u', 'u.id', 'r.created_by')
        .leftJoin('users as d', 'd.id', 'r.decided_by')
        .select([
          'r.id',
          'r.publisher_id',
          'p.name as publisher_name',
          'r.kind',
          'r.service_id',
          'r.data_source',
          'r.message',
          sql<string>`coalesce(u.email, '')`.as('requested_by'),
          'r.created_at',
          'r.status',
          'r.decision_reason',
          'd.email as decided_by',
          'r.decided_at',
        ]);
      if (status) q = q.where('r.status', '=', status);
      if (id) q = q.where('r.id', '=', id);
      return q.orderBy('r.created_at', 'desc').limit(limit).execute();
    },
    /** Locks one request so two staff members cannot decide it at once. */
    async requestForUpdate(id: string) {
      return db.selectFrom('service_requests').select(['id', 'publisher_id', 'status']).where('id', '=', id).forUpdate().executeTakeFirst();
    },
    async decideRequest(id: string, status: 'approved' | 'rejected', reason: string, by: string): Promise<void> {
      await db
        .updateTable('service_requests')
        .set({ status, decision_reason: reason, decided_by: by, decided_at: new Date() })
        .where('id', '=', id)
        .execute();
    },
    async publisherName(publisherId: string): Promise<string> {
      const r = await db.selectFrom('publishers').select('name').where('id', '=', publisherId).executeTakeFirst();
      return r?.name ?? publisherId;
    },
    async userEmail(userId: string): Promise<string> {
      const r = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
      return r?.email ?? 'unknown user';
    },
  };
}
export type ServicesRepo = ReturnType<typeof servicesRepo>;
