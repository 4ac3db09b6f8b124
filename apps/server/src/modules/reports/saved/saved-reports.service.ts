import {
  DEFAULT_REPORTING_TIME_ZONE,
  type ReportScheduleInput,
  type ReportSettings,
  type SavedReport,
  type SavedReportInput,
  type SavedReportView,
  type ScheduleFrequency,
} from '@pc/contracts';
import type { Db } from '../../../db/pool';
import { inTransaction } from '../../../db/transaction';
import { forbidden, notFound } from '../../../lib/http-error';
import { auditRepo } from '../../audit';
import { savedReportsRepo, type SavedReportRow } from './saved-reports.repo';
import { nextRunAfter } from './schedule-time';

export interface SavedReportContext {
  uid: string;
  publisherId: string;
}

function toSavedReport(r: SavedReportRow, uid: string, timeZone: string): SavedReport {
  return {
    id: r.id,
    name: r.name,
    reportType: r.report_type as SavedReport['reportType'],
    shared: r.shared,
    view: r.view as SavedReportView,
    mine: r.owner_user_id === uid,
    ownerEmail: r.owner_email,
    updatedAt: new Date(r.updated_at).toISOString(),
    schedule:
      r.frequency && r.next_run_at
        ? {
            frequency: r.frequency as ScheduleFrequency,
            format: r.format === 'xlsx' ? 'xlsx' : 'csv',
            paused: r.paused === true,
            pausedReason: r.paused_reason,
            nextRunAt: new Date(r.next_run_at).toISOString(),
            timeZone,
            lastRunAt: r.last_run_at ? new Date(r.last_run_at).toISOString() : null,
            lastStatus: r.last_status,
            lastError: r.last_error,
          }
        : null,
  };
}

/**
 * Each schedule of the publisher to its next send time in `timeZone`. A run already due stays due:
 * the scheduler sends it within the minute and then advances it in the new zone.
 */
async function moveSchedules(trx: Db, publisherId: string, timeZone: string, now: Date): Promise<number> {
  const repo = savedReportsRepo(trx);
  let moved = 0;
  for (const s of await repo.lockSchedulesOf(publisherId)) {
    if (new Date(s.next_run_at).getTime() <= now.getTime()) continue;
    await repo.advance(s.saved_report_id, nextRunAfter(s.frequency as ScheduleFrequency, now, timeZone));
    moved += 1;
  }
  return moved;
}

/**
 * Saved report views: private to their owner or shared with the publisher's
 * team; only the owner changes, deletes or schedules one. Every write is audited in its transaction.
 */
export function createSavedReportsService(deps: { db: Db; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  const repo = savedReportsRepo(deps.db);
  const timeZoneOf = async (publisherId: string) => (await repo.timeZoneOf(publisherId)) ?? DEFAULT_REPORTING_TIME_ZONE;

  /** Visible (own or shared, this publisher) or 404; `owned` also demands ownership (403). */
  async function load(ctx: SavedReportContext, id: string, owned: boolean): Promise<SavedReportRow> {
    const row = await repo.findVisible(id, ctx.publisherId, ctx.uid);
    if (!row) throw notFound('This saved report does not exist or is not shared with you.');
    if (owned && row.owner_user_id !== ctx.uid) throw forbidden('Only the person who saved this report can change it.');
    return row;
  }
  const get = async (ctx: SavedReportContext, id: string) =>
    toSavedReport(await load(ctx, id, false), ctx.uid, await timeZoneOf(ctx.publisherId));

  return {
    async list(ctx: SavedReportContext, reportType?: string): Promise<SavedReport[]> {
      const [rows, tz] = await Promise.all([repo.list(ctx.publisherId, ctx.uid, reportType), timeZoneOf(ctx.publisherId)]);
      return rows.map((r) => toSavedReport(r, ctx.uid, tz));
    },
    get,
    async create(ctx: SavedReportContext, input: SavedReportInput): Promise<SavedReport> {
      const id = await inTransaction(deps.db, async (trx) => {
        const newId = await savedReportsRepo(trx).insert({ publisherId: ctx.publisherId, ownerId: ctx.uid, ...input });
        await auditRepo(trx).record({
          actorUserId: ctx.uid,
          publisherId: ctx.publisherId,
          action: 'saved_report.create',
          details: { id: newId, name: input.name, shared: input.shared },
        });
        return newId;
      });
      return get(ctx, id);
    },
    async update(ctx: SavedReportContext, id: string, input: SavedReportInput): Promise<SavedReport> {
      const before = await load(ctx, id, true);
      await inTransaction(deps.db, async (trx) => {
        await savedReportsRepo(trx).update(id, input);
        await auditRepo(trx).record({
          actorUserId: ctx.uid,
          publisherId: ctx.publisherId,
          action: 'saved_report.update',
          details: { id, before: { name: before.name, shared: before.shared }, after: { name: input.name, shared: input.shared } },
        });
      });
      return get(ctx, id);
    },
    async remove(ctx: SavedReportContext, id: string): Promise<void> {
      const before = await load(ctx, id, true);
      await inTransaction(deps.db, async (trx) => {
        await savedReportsRepo(trx).remove(id);
        await auditRepo(trx).record({
          actorUserId: ctx.uid,
          publisherId: ctx.publisherId,
          action: 'saved_report.delete',
          details: { id, name: before.name },
        });
      });
    },
    async setSchedule(ctx: SavedReportContext, id: string, input: ReportScheduleInput): Promise<SavedReport> {
      await load(ctx, id, true);
      const nextRunAt = nextRunAfter(input.frequency, now(), await timeZoneOf(ctx.publisherId));
      await inTransaction(deps.db, async (trx) => {
        await savedReportsRepo(trx).upsertSchedule(id, { ...input, nextRunAt });
        await auditRepo(trx).record({
          actorUserId: ctx.uid,
          publisherId: ctx.publisherId,
          action: 'saved_report.schedule',
          details: { id, ...input },
        });
      });
      return get(ctx, id);
    },
    async removeSchedule(ctx: SavedReportContext, id: string): Promise<SavedReport> {
      await load(ctx, id, true);
      await inTransaction(deps.db, async (trx) => {
        await savedReportsRepo(trx).removeSchedule(id);
        await auditRepo(trx).record({
          actorUserId: ctx.uid,
          publisherId: ctx.publisherId,
          action: 'saved_report.unschedule',
          details: { id },
        });
      });
      return get(ctx, id);
    },
    async settings(publisherId: string): Promise<ReportSettings> {
      return { timeZone: await timeZoneOf(publisherId) };
    },
    /**
     * The reporting time zone: report days, presets and schedule send times follow it. Schedules
     * move to the new zone's send hour in the same transaction, so the next e-mail goes out at
     * 06:00 of the new zone rather than at the old zone's hour.
     */
    async setSettings(ctx: SavedReportContext, settings: ReportSettings): Promise<ReportSettings> {
      const before = await timeZoneOf(ctx.publisherId);
      await inTransaction(deps.db, async (trx) => {
        await savedReportsRepo(trx).setTimeZone(ctx.publisherId, settings.timeZone);
        const moved = before === settings.timeZone ? 0 : await moveSchedules(trx, ctx.publisherId, settings.timeZone, now());
        await auditRepo(trx).record({
          actorUserId: ctx.uid,
          publisherId: ctx.publisherId,
          action: 'report_settings.update',
          details: { before: { timeZone: before }, after: settings, schedulesMoved: moved },
        });
      });
      return settings;
    },
  };
}
export type SavedReportsService = ReturnType<typeof createSavedReportsService>;
