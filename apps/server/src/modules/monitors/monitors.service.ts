import type { CheckResult, Incident, Monitor, MonitorInput, MonitorLimits, MonitorListQuery } from '@pc/contracts';
import type { Db } from '../../db/pool';
import { inTransaction } from '../../db/transaction';
import { badRequest, forbidden, notFound } from '../../lib/http-error';
import type { GuardedFetch } from '../../lib/outbound/guarded-fetch';
import type { TargetCheck } from '../../lib/outbound/target-check';
import { auditRepo } from '../audit';
import type { IncidentsService } from '../incidents';
import { runCheck } from './monitor-checker';
import { assertIntervalOnPlan, assertMonitorBelowLimit, monitorLimitsOf, type MonitorLimitsConfig } from './monitor-plan';
import { certKey, downKey, monitorKeyPrefix } from './monitor-incident-keys';
import { monitorsRepo, type MonitorRow, type MonitorValues, type RollupRow } from './monitors.repo';
import { monitorRecipientsRepo } from './monitor-recipients.repo';
import { rawReadSince, rawRetentionDaysOf } from './monitor-retention';
import type { RecipientConfirmations, RecipientInvite } from './monitor-recipients.service';
import { statsOf, uptimeOf } from './monitor-stats';
import { publisherRecords } from '../publishers';

export interface Ctx {
  uid: string;
  publisherId: string;
}

const HOUR_MS = 3_600_000;
const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

function toValues(i: MonitorInput): MonitorValues {
  return {
    site_id: i.siteId,
    name: i.name,
    url: i.url,
    method: i.method,
    interval_seconds: i.intervalSeconds,
    timeout_seconds: i.timeoutSeconds,
    retries: i.retries,
    accepted_status_codes: i.acceptedStatusCodes,
    keyword: i.keyword,
    keyword_mode: i.keywordMode,
    cert_expiry_days: i.certExpiryDays,
    follow_redirects: i.followRedirects,
    notify_emails: i.notifyEmails,
  };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toMonitor(
  r: MonitorRow,
  hourly: RollupRow[] = [],
  daily: RollupRow[] = [],
  now = Date.now(),
  pending: ReadonlySet<string> = new Set(),
): Monitor {
  const dayAgo = now - 24 * HOUR_MS;
  const last24 = hourly.filter((h) => h.bucket.getTime() >= dayAgo - HOUR_MS);
  const sparkline: (number | null)[] = [];
  for (let i = 23; i >= 0; i--) {
    const start = Math.floor((now - i * HOUR_MS) / HOUR_MS) * HOUR_MS;
    const h = last24.find((x) => x.bucket.getTime() === start);
    sparkline.push(h && h.checks > 0 ? Math.round(Number(h.sum_ms) / h.checks) : null);
  }
  return {
    id: r.id,
    publisherId: r.publisher_id,
    publisherName: r.publisher_name,
    siteId: r.site_id,
    siteName: r.site_name,
    name: r.name,
    url: r.url,
    method: r.method as Monitor['method'],
    intervalSeconds: r.interval_seconds,
    timeoutSeconds: r.timeout_seconds,
    retries: r.retries,
    acceptedStatusCodes: r.accepted_status_codes,
    keyword: r.keyword,
    keywordMode: r.keyword_mode as Monitor['keywordMode'],
    certExpiryDays: r.cert_expiry_days,
    followRedirects: r.follow_redirects,
    notifyEmails: r.notify_emails,
    pendingRecipients: r.notify_emails.filter((e) => pending.has(`${r.publisher_id} ${e.trim().toLowerCase()}`)),
    status: r.paused ? 'paused' : (r.status as Monitor['status']),
    lastCheckAt: iso(r.last_check_at),
    nextCheckAt: r.paused ? null : iso(r.next_check_at),
    lastResponseMs: r.last_response_ms,
    lastError: r.last_error,
    certExpiresAt: iso(r.cert_expires_at),
    uptime24h: uptimeOf(last24.filter((h) => h.bucket.getTime() >= Math.floor(dayAgo / HOUR_MS) * HOUR_MS)),
    uptime30d: uptimeOf(daily),
    sparkline,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

/** The first slot of a new or resumed monitor: soon, with jitter so a bulk import does not align. */
export function firstSlot(intervalSeconds: number, now = Date.now()): Date {
  return new Date(now + 1000 + Math.floor(Math.random() * Math.min(intervalSeconds, 10) * 1000));
}

/** Monitors of one publisher (staff act inside the publisher they chose), their limits and checks. */
export function createMonitorsService(deps: {
  db: Db;
  fetch: GuardedFetch;
  checkTarget: TargetCheck;
  recipients: RecipientConfirmations;
  limits: MonitorLimitsConfig;
  incidents: Pick<IncidentsService, 'forKeyPrefix' | 'resolveByKey'>;
}) {
  const { db } = deps;

  async function validate(trx: Db, ctx: Ctx, input: MonitorInput) {
    const fields: Record<string, string> = {};
    const target = await deps.checkTarget(input.url);
    if (target) fields.url = target;
    const { minIntervalSeconds } = await monitorLimitsOf(trx, ctx.publisherId, deps.limits);
    if (input.intervalSeconds < minIntervalSeconds)
      fields.intervalSeconds = `Your plan checks at most every ${minIntervalSeconds} seconds.`;
    if (input.siteId && !(await publisherRecords(trx).hasSite(ctx.publisherId, input.siteId))) fields.siteId = 'Choose one of your sites.';
    if (Object.keys(fields).length) throw badRequest('Check the highlighted fields.', fields);
    await assertIntervalOnPlan(trx, ctx.publisherId, input.intervalSeconds);
  }

  /**
   * A monitor that stops being checked ends its open incidents, with the reason in the note, in the
   * same transaction: nothing would ever resolve them otherwise. No mail: the person who paused or
   * deleted it is the one who knows.
   */
  async function endIncidents(trx: Db, publisherId: string, monitorIds: readonly string[], note: string) {
    for (const id of monitorIds)
      for (const key of [downKey(id), certKey(id)]) await deps.incidents.resolveByKey(publisherId, key, note, trx, { mail: false });
  }

  async function owned(ctx: Ctx, id: string, trx: Db = db): Promise<MonitorRow> {
    if (!isUuid(id)) throw notFound('This monitor does not exist.');
    const row = await monitorsRepo(trx).get(id);
    if (!row) throw notFound('This monitor does not exist.');
    if (row.publisher_id !== ctx.publisherId) throw forbidden();
    return row;
  }

  async function withRollups(rows: MonitorRow[]): Promise<Monitor[]> {
    const ids = rows.map((r) => r.id);
    const now = Date.now();
    const repo = monitorsRepo(db);
    const hourly = await repo.rollups(ids, 'hour', new Date(Math.floor((now - 24 * HOUR_MS) / HOUR_MS) * HOUR_MS));
    const daily = await repo.rollups(ids, 'day', new Date(now - 30 * 24 * HOUR_MS));
    const by = (list: RollupRow[]) => {
      const m = new Map<string, RollupRow[]>();
      for (const r of list) m.set(r.monitor_id, [...(m.get(r.monitor_id) ?? []), r]);
      return m;
    };
    const h = by(hourly);
    const d = by(daily);
    const pending = await monitorRecipientsRepo(db).pendingKeys([...new Set(rows.map((r) => r.publisher_id))]);
    return rows.map((r) => toMonitor(r, h.get(r.id), d.get(r.id), now, pending));
  }

  async function audited<T>(ctx: Ctx, action: string, details: object, work: (trx: Db) => Promise<T>): Promise<T> {
    return inTransaction(db, async (trx) => {
      const out = await work(trx);
      await auditRepo(trx).record({ actorUserId: ctx.uid, publisherId: ctx.publisherId, action, details });
      return out;
    });
  }

  return {
    async list(ctx: Ctx, q: MonitorListQuery): Promise<Monitor[]> {
      return withRollups(await monitorsRepo(db).list(ctx.publisherId, q));
    },
    /** Daily check counts of the publisher's own monitors among `monitorIds` since `from` (others' ids read nothing). */
    async dailyChecks(
      ctx: Ctx,
      monitorIds: string[],
      from: Date,
    ): Promise<{ monitorId: string; day: string; checks: number; upChecks: number }[]> {
      const owned = new Set((await monitorsRepo(db).list(ctx.publisherId, {})).map((m) => m.id));
      const rows = await monitorsRepo(db).rollups(
        monitorIds.filter((id) => owned.has(id)),
        'day',
        from,
      );
      return rows.map((r) => ({
        monitorId: r.monitor_id,
        day: r.bucket.toISOString().slice(0, 10),
        checks: r.checks,
        upChecks: r.up_checks,
      }));
    },
    /** Staff: every publisher's monitors in one list. */
    async allPublishers(q: MonitorListQuery): Promise<Monitor[]> {
      return withRollups(await monitorsRepo(db).list(null, q));
    },
    async limits(ctx: Ctx): Promise<MonitorLimits> {
      return { ...(await monitorLimitsOf(db, ctx.publisherId, deps.limits)), used: await monitorsRepo(db).count(ctx.publisherId) };
    },
    async get(ctx: Ctx, id: string): Promise<Monitor> {
      return (await withRollups([await owned(ctx, id)]))[0]!;
    },
    async create(ctx: Ctx, input: MonitorInput): Promise<Monitor> {
      let invites: RecipientInvite[] = [];
      const id = await audited(ctx, 'monitor.created', { name: input.name, url: input.url }, async (trx) => {
        await validate(trx, ctx, input);
        const repo = monitorsRepo(trx);
        // Counted under the publisher's lock, so two creates at once cannot both pass the limit.
        await publisherRecords(trx).lock(ctx.publisherId);
        await assertMonitorBelowLimit(trx, ctx.publisherId, await repo.count(ctx.publisherId), deps.limits);
        const monitorId = await repo.insert(ctx.publisherId, toValues(input), firstSlot(input.intervalSeconds));
        invites = await deps.recipients.request(trx, ctx.publisherId, input.notifyEmails);
        return monitorId;
      });
      const monitor = await this.get(ctx, id);
      await deps.recipients.send(invites, monitor.publisherName ?? '');
      return monitor;
    },
    async update(ctx: Ctx, id: string, input: MonitorInput): Promise<Monitor> {
      let invites: RecipientInvite[] = [];
      await audited(ctx, 'monitor.updated', { monitorId: id, name: input.name, url: input.url }, async (trx) => {
        const before = await owned(ctx, id, trx);
        await validate(trx, ctx, input);
        // A new target or interval is checked soon; otherwise the schedule keeps its phase.
        const reschedule = before.url !== input.url || before.interval_seconds !== input.intervalSeconds;
        await monitorsRepo(trx).update(id, toValues(input), reschedule ? firstSlot(input.intervalSeconds) : null);
        invites = await deps.recipients.request(trx, ctx.publisherId, input.notifyEmails);
      });
      const monitor = await this.get(ctx, id);
      await deps.recipients.send(invites, monitor.publisherName ?? '');
      return monitor;
    },
    async remove(ctx: Ctx, id: string): Promise<void> {
      await audited(ctx, 'monitor.deleted', { monitorId: id }, async (trx) => {
        const row = await owned(ctx, id, trx);
        await endIncidents(trx, ctx.publisherId, [row.id], 'The monitor was deleted, so nothing checks it any more.');
        await monitorsRepo(trx).remove(row.id);
      });
    },
    async setPaused(ctx: Ctx, ids: string[], paused: boolean): Promise<{ changed: string[] }> {
      const valid = ids.filter(isUuid);
      return audited(ctx, paused ? 'monitor.paused' : 'monitor.resumed', { monitorIds: valid }, async (trx) => {
        // One monitor resumed is checked soon, as its owner is watching; several are spread over their intervals.
        const resumeAt = valid.length > 1 ? 'spread' : firstSlot(30);
        const changed = await monitorsRepo(trx).setPaused(ctx.publisherId, valid, paused, resumeAt);
        if (paused) await endIncidents(trx, ctx.publisherId, changed, 'The monitor was paused: no checks run until it is resumed.');
        return { changed };
      });
    },
    async pauseOne(ctx: Ctx, id: string, paused: boolean): Promise<Monitor> {
      await owned(ctx, id);
      await this.setPaused(ctx, [id], paused);
      return this.get(ctx, id);
    },
    /** "Test now": one check of the form's values, nothing stored. */
    async test(ctx: Ctx, input: MonitorInput): Promise<CheckResult> {
      // Nothing is saved: a private target comes back as a failed check, refused by the guarded client before any request.
      const { certWarning: _ignored, ...result } = await runCheck(deps.fetch, input);
      return result;
    },
    async checkSaved(ctx: Ctx, id: string): Promise<CheckResult> {
      const r = await owned(ctx, id);
      const { certWarning: _ignored, ...result } = await runCheck(deps.fetch, {
        url: r.url,
        method: r.method,
        timeoutSeconds: r.timeout_seconds,
        acceptedStatusCodes: r.accepted_status_codes,
        keyword: r.keyword,
        keywordMode: r.keyword_mode,
        followRedirects: r.follow_redirects,
        certExpiryDays: r.cert_expiry_days,
      });
      return result;
    },
    async results(ctx: Ctx, id: string, limit: number): Promise<CheckResult[]> {
      await owned(ctx, id);
      // Never older than the publisher's raw retention, even before the retention pass removed them.
      const days = await rawRetentionDaysOf(db, ctx.publisherId, deps.limits.rawRetentionDays ?? 7);
      const rows = await monitorsRepo(db).recentResults(id, limit, rawReadSince(days));
      return rows.map((x) => ({
        at: x.at.toISOString(),
        ok: x.ok,
        httpStatus: x.http_status,
        timings: { dnsMs: x.dns_ms, connectMs: x.connect_ms, tlsMs: x.tls_ms, firstByteMs: x.first_byte_ms, totalMs: x.total_ms },
        certExpiresAt: iso(x.cert_expires_at),
        keywordFound: x.keyword_found,
        error: x.error,
        finalUrl: null,
      }));
    },
    async stats(ctx: Ctx, id: string, range: '24h' | '7d' | '30d' | '365d') {
      await owned(ctx, id);
      return statsOf(monitorsRepo(db), id, range);
    },
    async incidents(ctx: Ctx, id: string): Promise<Incident[]> {
      await owned(ctx, id);
      return deps.incidents.forKeyPrefix(ctx.publisherId, monitorKeyPrefix(id));
    },
    async summary(ctx: Ctx) {
      return monitorsRepo(db).downCount(ctx.publisherId);
    },
  };
}
export type MonitorsService = ReturnType<typeof createMonitorsService>;
