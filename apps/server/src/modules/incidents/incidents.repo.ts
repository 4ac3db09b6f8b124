import { sql } from 'kysely';
import type { Db } from '../../db/pool';

export interface IncidentRow {
  id: string;
  publisher_id: string;
  site_id: string | null;
  site_name: string | null;
  subject: string | null;
  type: string;
  severity: string;
  category: string;
  dedupe_key: string;
  title: string;
  status: string;
  is_new: boolean;
  occurrence_count: number;
  first_occurrence: Date;
  last_occurrence: Date;
  acknowledged_by: string | null;
  acknowledged_at: Date | null;
  resolved_by: string | null;
  resolved_at: Date | null;
}

export interface IncidentFilter {
  status?: string;
  type?: string;
  severity?: string;
  siteId?: string;
}

export interface NewOccurrence {
  publisherId: string;
  siteId: string | null;
  type: string;
  severity: string;
  category: string;
  key: string;
  title: string;
  /** What an incident of no site concerns, for people (a monitor's host). */
  subject?: string | null;
  /** When it was seen, if not now (staff ingestion of an earlier finding). */
  occurredAt?: Date;
}

/** SQL only; the workflow rules live in incidents.service.ts. */
export function incidentsRepo(db: Db) {
  const base = () =>
    db
      .selectFrom('incidents as i')
      .leftJoin('sites as s', 's.id', 'i.site_id')
      .select([
        'i.id',
        'i.publisher_id',
        'i.site_id',
        's.name as site_name',
        'i.subject',
        'i.type',
        'i.severity',
        'i.category',
        'i.dedupe_key',
        'i.title',
        'i.status',
        'i.is_new',
        'i.occurrence_count',
        'i.first_occurrence',
        'i.last_occurrence',
        'i.acknowledged_by',
        'i.acknowledged_at',
        'i.resolved_by',
        'i.resolved_at',
      ]);
  return {
    async list(publisherId: string, f: IncidentFilter, limit = 500): Promise<IncidentRow[]> {
      let q = base().where('i.publisher_id', '=', publisherId);
      if (f.status) q = q.where('i.status', '=', f.status);
      if (f.type) q = q.where('i.type', '=', f.type);
      if (f.severity) q = q.where('i.severity', '=', f.severity);
      if (f.siteId) q = q.where('i.site_id', '=', f.siteId);
      return q.orderBy('i.last_occurrence', 'desc').limit(limit).execute() as Promise<IncidentRow[]>;
    },
    /** One source's incidents, newest first: those whose key starts with `prefix` (a monitor's). */
    async listByKeyPrefix(publisherId: string, prefix: string, limit = 50): Promise<IncidentRow[]> {
      return base()
        .where('i.publisher_id', '=', publisherId)
        .where('i.dedupe_key', 'like', `${prefix.replace(/[\\%_]/g, '\\$&')}%`)
        .orderBy('i.last_occurrence', 'desc')
        .limit(limit)
        .execute() as Promise<IncidentRow[]>;
    },
    /** The keys of one source's incidents still open or acknowledged (what it may now resolve). */
    async unresolvedKeys(publisherIds: readonly string[], prefix: string): Promise<Map<string, string[]>> {
      const keys = new Map<string, string[]>(publisherIds.map((id) => [id, []]));
      if (publisherIds.length === 0) return keys;
      const rows = await db
        .selectFrom('incidents')
        .select(['publisher_id', 'dedupe_key'])
        .where('publisher_id', 'in', [...publisherIds])
        .where('status', '!=', 'resolved')
        .where('dedupe_key', 'like', `${prefix.replace(/[\\%_]/g, '\\$&')}%`)
        .execute();
      for (const r of rows) keys.get(r.publisher_id)?.push(r.dedupe_key);
      return keys;
    },
    async get(id: string): Promise<IncidentRow | undefined> {
      return base().where('i.id', '=', id).executeTakeFirst() as Promise<IncidentRow | undefined>;
    },
    async byKeyForUpdate(publisherId: string, key: string): Promise<{ id: string; status: string } | undefined> {
      return db
        .selectFrom('incidents')
        .select(['id', 'status'])
        .where('publisher_id', '=', publisherId)
        .where('dedupe_key', '=', key)
        .forUpdate()
        .executeTakeFirst();
    },
    /**
     * Opens the incident or appends an occurrence to it in one statement (ON CONFLICT), so two
     * processes reporting the same problem at once still end with one row. A resolved incident
     * is reopened: status back to open, acknowledgement and resolution cleared.
     */
    async upsertOccurrence(o: NewOccurrence): Promise<{ id: string; inserted: boolean }> {
      const row = await db
        .insertInto('incidents')
        .values({
          publisher_id: o.publisherId,
          site_id: o.siteId,
          type: o.type,
          severity: o.severity,
          category: o.category,
          dedupe_key: o.key,
          title: o.title,
          subject: o.subject ?? null,
          ...(o.occurredAt ? { first_occurrence: o.occurredAt, last_occurrence: o.occurredAt } : {}),
        })
        .onConflict((oc) =>
          oc.columns(['publisher_id', 'dedupe_key']).doUpdateSet({
            status: 'open',
            is_new: true,
            severity: (eb) => eb.ref('excluded.severity'),
            title: (eb) => eb.ref('excluded.title'),
            occurrence_count: sql`incidents.occurrence_count + 1`,
            // An earlier occurrence reported late moves neither end of the timeline the wrong way.
            first_occurrence: sql`least(incidents.first_occurrence, excluded.first_occurrence)`,
            last_occurrence: sql`greatest(incidents.last_occurrence, excluded.last_occurrence)`,
            updated_at: sql`now()`,
            acknowledged_by: sql`CASE WHEN incidents.status = 'resolved' THEN NULL ELSE incidents.acknowledged_by END`,
            acknowledged_at: sql`CASE WHEN incidents.status = 'resolved' THEN NULL ELSE incidents.acknowledged_at END`,
            acknowledged_note: sql`CASE WHEN incidents.status = 'resolved' THEN NULL ELSE incidents.acknowledged_note END`,
            resolved_by: null,
            resolved_at: null,
            resolved_note: null,
          }),
        )
        .returning(['id', sql<boolean>`(xmax = 0)`.as('inserted')])
        .executeTakeFirstOrThrow();
      return row;
    },
    async setAcknowledged(id: string, by: string, note: string | null): Promise<void> {
      await db
        .updateTable('incidents')
        .set({
          status: 'acknowledged',
          is_new: false,
          acknowledged_by: by,
          acknowledged_at: sql`now()`,
          acknowledged_note: note,
          updated_at: sql`now()`,
        })
        .where('id', '=', id)
        .execute();
    },
    async setResolved(id: string, by: string | null, note: string | null): Promise<void> {
      await db
        .updateTable('incidents')
        .set({ status: 'resolved', is_new: false, resolved_by: by, resolved_at: sql`now()`, resolved_note: note, updated_at: sql`now()` })
        .where('id', '=', id)
        .execute();
    },
    async addEvent(e: { incidentId: string; kind: string; actor: string | null; note: string | null; detail: unknown }): Promise<void> {
      await db
        .insertInto('incident_events')
        .values({
          incident_id: e.incidentId,
          kind: e.kind,
          actor_user_id: e.actor,
          note: e.note,
          detail: e.detail === null || e.detail === undefined ? null : JSON.stringify(e.detail),
        })
        .execute();
    },
    /** What the latest occurrence (or reopening) of each incident recorded. */
    async latestOccurrenceDetails(ids: readonly string[]): Promise<Map<string, Record<string, unknown>>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('incident_events')
        .distinctOn('incident_id')
        .select(['incident_id', 'detail'])
        .where('incident_id', 'in', ids)
        .where('kind', 'in', ['occurrence', 'reopened'])
        .orderBy('incident_id')
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return new Map(rows.map((r) => [r.incident_id, (r.detail as Record<string, unknown> | null) ?? {}]));
    },
    async events(incidentId: string, limit = 200) {
      return db
        .selectFrom('incident_events as e')
        .leftJoin('users as u', 'u.id', 'e.actor_user_id')
        .select(['e.kind', 'e.at', 'e.note', 'e.detail', 'u.email as actor'])
        .where('e.incident_id', '=', incidentId)
        .orderBy('e.at', 'desc')
        .orderBy('e.id', 'desc')
        .limit(limit)
        .execute();
    },
    async entitlements(publisherId: string) {
      return db
        .selectFrom('incident_export_entitlements as x')
        .innerJoin('sites as s', 's.id', 'x.site_id')
        .select(['x.site_id', 's.name as site_name', 's.domain'])
        .where('x.publisher_id', '=', publisherId)
        .orderBy('s.name')
        .execute();
    },
    async grantEntitlement(publisherId: string, siteId: string): Promise<void> {
      await db
        .insertInto('incident_export_entitlements')
        .values({ publisher_id: publisherId, site_id: siteId })
        .onConflict((oc) => oc.doNothing())
        .execute();
    },
    /** Streams the vulnerability incidents of one site in pages, newest first. */
    async *vulnerabilities(publisherId: string, siteId: string, page = 1000): AsyncGenerator<IncidentRow[]> {
      let offset = 0;
      for (;;) {
        const rows = (await base()
          .where('i.publisher_id', '=', publisherId)
          .where('i.site_id', '=', siteId)
          .where('i.type', '=', 'vulnerability')
          .orderBy('i.last_occurrence', 'desc')
          .orderBy('i.id')
          .limit(page)
          .offset(offset)
          .execute()) as IncidentRow[];
        if (rows.length > 0) yield rows;
        if (rows.length < page) return;
        offset += page;
      }
    },
    async openCounts(publisherId: string) {
      return db
        .selectFrom('incidents')
        .select(['status', sql<number>`count(*)::int`.as('n')])
        .where('publisher_id', '=', publisherId)
        .where('status', '<>', 'resolved')
        .groupBy('status')
        .execute();
    },
  };
}
export type IncidentsRepo = ReturnType<typeof incidentsRepo>;
