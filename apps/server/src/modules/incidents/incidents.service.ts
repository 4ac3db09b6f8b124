import type { Writable } from 'node:stream';
import type { Incident, IncidentDetail, IncidentIngest, IncidentListQuery } from '@pc/contracts';
import type { Db } from '../../db/pool';
import { inTransaction } from '../../db/transaction';
import { forbidden, notFound, HttpError, badRequest } from '../../lib/http-error';
import type { createJobQueue } from '../../lib/jobs/job-queue';
import { auditRepo } from '../audit';
import { writeCsv, type ExportColumn } from '../../lib/csv/csv-writer';
import { incidentsRepo, type IncidentRow } from './incidents.repo';
import type { WebhookEventPublisher } from '../integrations';
import { INCIDENT_NOTIFY_QUEUE, type IncidentNotifyPayload } from './incident-notify.job';
import { publisherRecords } from '../publishers';

type Jobs = Pick<ReturnType<typeof createJobQueue>, 'enqueue'>;
export interface Ctx {
  uid: string;
  publisherId: string;
}

/** What another module reports (monitors, the ads.txt crawler, the staff ingestion API). */
export interface IncidentReport {
  publisherId: string;
  siteId: string | null;
  type: Incident['type'];
  severity: Incident['severity'];
  category: string;
  /** Stable while the same problem persists, e.g. `monitor:<id>` or `adstxt:<domain>:missing`. */
  key: string;
  title: string;
  /** What an incident of no site concerns, for people (a monitor's host): shown instead of "All sites". */
  subject?: string | null;
  detail?: Record<string, unknown>;
  /** When the problem was seen, if earlier than now (staff ingestion); the incident's start when it opens it. */
  occurredAt?: Date;
  /** The e-mail's words when this report opens or reopens the incident (instead of the generic incident mail). */
  message?: { subject: string; text: string };
  /** false: the reporter mails the change itself (monitors: one mail per address, digests), so none is queued here. */
  mail?: boolean;
}
export type ReportOutcome = { id: string; change: 'opened' | 'reopened' | 'appended' };

const secs = (d: Date) => Math.floor(d.getTime() / 1000);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toIncident(r: IncidentRow): Incident {
  return {
    id: r.id,
    publisherId: r.publisher_id,
    siteId: r.site_id,
    siteName: r.site_name,
    scopeLabel: r.site_name ?? r.subject ?? 'All sites',
    status: r.status as Incident['status'],
    type: r.type as Incident['type'],
    severity: r.severity as Incident['severity'],
    category: r.category,
    title: r.title,
    new: r.is_new,
    lastOccurrence: secs(r.last_occurrence),
    firstOccurrence: secs(r.first_occurrence),
    occurrences: r.occurrence_count,
    acknowledgedBy: r.acknowledged_by,
    acknowledgedAt: iso(r.acknowledged_at),
    resolvedBy: r.resolved_by,
    resolvedAt: iso(r.resolved_at),
  };
}

const EXPORT_COLUMNS: ExportColumn[] = [
  { key: 'siteId', label: 'Site id', kind: 'text' },
  { key: 'siteName', label: 'Site', kind: 'text' },
  { key: 'title', label: 'Title', kind: 'text' },
  { key: 'category', label: 'Category', kind: 'text' },
  { key: 'severity', label: 'Severity', kind: 'text' },
  { key: 'status', label: 'Status', kind: 'text' },
  { key: 'occurrences', label: 'Occurrences', kind: 'count' },
  { key: 'firstOccurrence', label: 'First occurrence (UTC)', kind: 'text' },
  { key: 'lastOccurrence', label: 'Last occurrence (UTC)', kind: 'text' },
];

/**
 * The incident workflow: open -> acknowledged -> resolved, reopened by a new occurrence. Other
 * modules call `report` / `resolveByKey` (passing their transaction as `db` when the incident
 * belongs to one of their writes); every state change queues one notification job in the same
 * transaction, so a message exists exactly when the change commits.
 */
export function createIncidentsService(deps: { db: Db; jobs: Jobs; publishWebhookEvent?: WebhookEventPublisher }) {
  const { jobs } = deps;

  async function notify(trx: Db, p: IncidentNotifyPayload, mail = true) {
    if (mail) await jobs.enqueue(INCIDENT_NOTIFY_QUEUE, p, { db: trx, maxAttempts: 5 });
    if (deps.publishWebhookEvent) {
      const inc = await incidentsRepo(trx).get(p.incidentId);
      if (inc)
        await deps.publishWebhookEvent(trx, inc.publisher_id, {
          type: p.change === 'resolved' ? 'incident.resolved' : 'incident.opened',
          summary: `${p.change === 'resolved' ? 'Incident resolved' : p.change === 'reopened' ? 'Incident reopened' : 'New incident'}${inc.site_name ? ` on ${inc.site_name}` : ''}: ${inc.title}`,
          data: {
            incidentId: inc.id,
            change: p.change,
            title: inc.title,
            type: inc.type,
            severity: inc.severity,
            siteId: inc.site_id,
            siteName: inc.site_name,
          },
        });
    }
  }

  async function report(r: IncidentReport, db: Db = deps.db): Promise<ReportOutcome> {
    return inTransaction(db, async (trx) => {
      const repo = incidentsRepo(trx);
      const before = await repo.byKeyForUpdate(r.publisherId, r.key);
      const { message, mail, ...occurrence } = r;
      const { id } = await repo.upsertOccurrence(occurrence);
      const change: ReportOutcome['change'] = !before ? 'opened' : before.status === 'resolved' ? 'reopened' : 'appended';
      await repo.addEvent({
        incidentId: id,
        kind: change === 'reopened' ? 'reopened' : 'occurrence',
        actor: null,
        note: null,
        detail: r.detail ?? {},
      });
      if (change !== 'appended') {
        await notify(trx, { incidentId: id, change, ...(message ? { message } : {}) }, mail !== false);
      }
      return { id, change };
    });
  }

  /** Resolves the open incident with that key, if any (a monitor recovered, a file was fixed). */
  async function resolveByKey(
    publisherId: string,
    key: string,
    note: string,
    db: Db = deps.db,
    opts: { mail?: boolean } = {},
  ): Promise<boolean> {
    return inTransaction(db, async (trx) => {
      const repo = incidentsRepo(trx);
      const row = await repo.byKeyForUpdate(publisherId, key);
      if (!row || row.status === 'resolved') return false;
      await repo.setResolved(row.id, null, note);
      await repo.addEvent({ incidentId: row.id, kind: 'resolved', actor: null, note, detail: null });
      await notify(trx, { incidentId: row.id, change: 'resolved' }, opts.mail !== false);
      return true;
    });
  }

  async function owned(ctx: Ctx, id: string, repo = incidentsRepo(deps.db)): Promise<IncidentRow> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound('This incident does not exist.');
    const row = await repo.get(id);
    if (!row) throw notFound('This incident does not exist.');
    if (row.publisher_id !== ctx.publisherId) throw forbidden();
    return row;
  }

  async function transition(ctx: Ctx, id: string, to: 'acknowledged' | 'resolved', note: string): Promise<Incident> {
    return inTransaction(deps.db, async (trx) => {
      const repo = incidentsRepo(trx);
      const row = await owned(ctx, id, repo);
      await repo.byKeyForUpdate(row.publisher_id, row.dedupe_key);
      const current = (await repo.get(id))!;
      if (current.status === 'resolved') throw new HttpError(409, 'This incident is already resolved.', 'Conflict');
      if (to === 'acknowledged' && current.status === 'acknowledged')
        throw new HttpError(409, 'This incident is already acknowledged.', 'Conflict');
      if (to === 'acknowledged') await repo.setAcknowledged(id, ctx.uid, note || null);
      else await repo.setResolved(id, ctx.uid, note || null);
      await repo.addEvent({ incidentId: id, kind: to, actor: ctx.uid, note: note || null, detail: null });
      await auditRepo(trx).record({
        actorUserId: ctx.uid,
        publisherId: ctx.publisherId,
        action: `incident.${to}`,
        details: { incidentId: id, note },
      });
      if (to === 'resolved') await notify(trx, { incidentId: id, change: 'resolved' });
      return toIncident((await repo.get(id))!);
    });
  }

  return {
    report,
    resolveByKey,
    /** The keys of a source's unresolved incidents, per publisher: what a detector checks for recovery. */
    unresolvedKeys(publisherIds: readonly string[], prefix: string): Promise<Map<string, string[]>> {
      return incidentsRepo(deps.db).unresolvedKeys(publisherIds, prefix);
    },
    /** The publisher's incidents of one type with what their latest occurrence recorded, newest first. */
    async listWithLatestDetail(ctx: Ctx, q: IncidentListQuery, limit: number): Promise<(Incident & { detail: Record<string, unknown> })[]> {
      const repo = incidentsRepo(deps.db);
      const rows = await repo.list(ctx.publisherId, q, limit);
      const details = await repo.latestOccurrenceDetails(rows.map((r) => r.id));
      return rows.map((r) => ({ ...toIncident(r), detail: details.get(r.id) ?? {} }));
    },
    /** The incidents one source raised (keys starting with `prefix`), newest first. */
    async forKeyPrefix(publisherId: string, prefix: string): Promise<Incident[]> {
      return (await incidentsRepo(deps.db).listByKeyPrefix(publisherId, prefix)).map(toIncident);
    },
    async list(ctx: Ctx, q: IncidentListQuery): Promise<Incident[]> {
      return (await incidentsRepo(deps.db).list(ctx.publisherId, q)).map(toIncident);
    },
    async get(ctx: Ctx, id: string): Promise<IncidentDetail> {
      const repo = incidentsRepo(deps.db);
      const row = await owned(ctx, id, repo);
      const events = await repo.events(id);
      return {
        ...toIncident(row),
        events: events.map((e) => ({
          kind: e.kind as IncidentDetail['events'][number]['kind'],
          at: e.at.toISOString(),
          actor: e.actor ?? null,
          note: e.note,
          detail: (e.detail as Record<string, unknown> | null) ?? null,
        })),
      };
    },
    acknowledge: (ctx: Ctx, id: string, note: string) => transition(ctx, id, 'acknowledged', note),
    resolve: (ctx: Ctx, id: string, note: string) => transition(ctx, id, 'resolved', note),
    /** Staff ingestion: the publisher comes from the body because staff act for any publisher. */
    async ingest(uid: string, body: IncidentIngest): Promise<ReportOutcome> {
      if (body.siteId && !(await publisherRecords(deps.db).hasSite(body.publisherId, body.siteId)))
        throw badRequest('This site does not belong to that publisher.', { siteId: 'Choose a site of this publisher.' });
      const { occurredAt, ...rest } = body;
      const outcome = await inTransaction(deps.db, async (trx) => {
        const o = await report({ ...rest, ...(occurredAt ? { occurredAt: new Date(occurredAt) } : {}) }, trx);
        await auditRepo(trx).record({
          actorUserId: uid,
          publisherId: body.publisherId,
          action: 'incident.ingested',
          details: { incidentId: o.id, key: body.key, ...(occurredAt ? { occurredAt } : {}) },
        });
        return o;
      });
      return outcome;
    },
    async entitlements(ctx: Ctx) {
      const rows = await incidentsRepo(deps.db).entitlements(ctx.publisherId);
      return rows.map((r) => ({ entitlementsExportSiteId: r.site_id, entitlementsExportSite: r.site_name }));
    },
    /** Throws 403 unless the publisher holds the export entitlement for that site. */
    async assertExportAllowed(ctx: Ctx, siteId: string): Promise<void> {
      const rows = await incidentsRepo(deps.db).entitlements(ctx.publisherId);
      if (!rows.some((r) => r.site_id === siteId)) throw forbidden('Vulnerability export is not part of your plan for this site.');
    },
    async exportVulnerabilities(ctx: Ctx, siteId: string, out: Writable): Promise<number> {
      const repo = incidentsRepo(deps.db);
      async function* rows() {
        for await (const page of repo.vulnerabilities(ctx.publisherId, siteId)) {
          yield page.map((r) => {
            const i = toIncident(r);
            return {
              siteId: i.siteId,
              siteName: i.siteName,
              title: i.title,
              category: i.category,
              severity: i.severity,
              status: i.status,
              occurrences: i.occurrences,
              firstOccurrence: r.first_occurrence.toISOString(),
              lastOccurrence: r.last_occurrence.toISOString(),
            };
          });
        }
      }
      return writeCsv(EXPORT_COLUMNS, rows(), out);
    },
    async openSummary(ctx: Ctx) {
      const rows = await incidentsRepo(deps.db).openCounts(ctx.publisherId);
      const get = (s: string) => rows.find((r) => r.status === s)?.n ?? 0;
      return { open: get('open'), acknowledged: get('acknowledged') };
    },
  };
}
export type IncidentsService = ReturnType<typeof createIncidentsService>;
