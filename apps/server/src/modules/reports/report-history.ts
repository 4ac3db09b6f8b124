import { HISTORY_EXTENSION_FLAG, earliestReportDay, epochNoonToDay, type ReportCallQuery, type ReportDay } from '@pc/contracts';
import type { Db } from '../../db/pool';
import { entitlements } from '../feature-flags';
import { requestedComparison } from './period-comparison';
import { reportingCalendarOf } from './reporting-calendar';

const longDay = (day: ReportDay) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/**
 * The first day the publisher's reports may start on: 13 months back in its reporting time zone
 * (what every plan keeps), plus the days its reports.history_extension_days EXTENSION adds.
 */
export async function earliestReportDayOf(db: Db, publisherId: string, now: Date): Promise<ReportDay> {
  const [{ today }, extension] = await Promise.all([
    reportingCalendarOf(db, publisherId, now),
    entitlements(db).extensionDays(publisherId, HISTORY_EXTENSION_FLAG),
  ]);
  return earliestReportDay(today, extension);
}

/**
 * Refuses a report (on screen, download or export) that starts before the publisher's history:
 * 403 naming the plan, with `fields.dateFrom` so the page can point at the start date. A range
 * that ends inside the history but starts before it is refused too rather than cut silently, so
 * totals never cover fewer days than the range shown. A comparison is facts too: compared days
 * before the history (a year ago, or the period before the earliest one) are refused the same
 * way, with `fields.compareFrom`, rather than answered with totals the plan does not include.
 */
export async function assertWithinReportHistory(
  db: Db,
  publisherId: string,
  dateFrom: ReportDay,
  now: Date,
  comparedFrom: ReportDay | null = null,
): Promise<void> {
  const earliest = await earliestReportDayOf(db, publisherId, now);
  if (dateFrom < earliest)
    throw await entitlements(db).refuse(
      publisherId,
      (plan) => `Reports on your ${plan} plan start no earlier than ${longDay(earliest)}.`,
      'Choose a later start date',
      'dateFrom',
    );
  if (comparedFrom !== null && comparedFrom < earliest)
    throw await entitlements(db).refuse(
      publisherId,
      (plan) => `Comparisons on your ${plan} plan start no earlier than ${longDay(earliest)}.`,
      'Compare with a later period',
      'compareFrom',
    );
}

type HistoryChecked = {
  run(ctx: { publisherId: string }, q: ReportCallQuery, ...rest: never[]): Promise<unknown>;
  downloadNow(ctx: { publisherId: string }, q: ReportCallQuery, ...rest: never[]): Promise<unknown>;
  createExport(ctx: { publisherId: string }, q: ReportCallQuery, ...rest: never[]): Promise<unknown>;
  revenueChange(ctx: { publisherId: string }, q: { from: ReportDay }, ...rest: never[]): Promise<unknown>;
};

/**
 * The reports service with the history rule in front of every call that reads facts for a range
 * (the report on screen, its direct download, file and e-mail exports, the explanation of a change): refused before any fact is
 * read. A decorator, so the rule stays one small file beside the service. Saved schedules resolve
 * presets of at most 13 months and are not checked again.
 */
export function withReportHistory<S extends HistoryChecked>(service: S, db: Db, now: () => Date = () => new Date()): S {
  const check = (publisherId: string, q: ReportCallQuery) => {
    const range = { from: epochNoonToDay(q.dateFrom), to: epochNoonToDay(q.dateTo) };
    return assertWithinReportHistory(db, publisherId, range.from, now(), requestedComparison(q, range)?.from ?? null);
  };
  return {
    ...service,
    run: (async (ctx, q, ...rest) => {
      await check(ctx.publisherId, q);
      return service.run(ctx, q, ...rest);
    }) as S['run'],
    downloadNow: (async (ctx, q, ...rest) => {
      await check(ctx.publisherId, q);
      return service.downloadNow(ctx, q, ...rest);
    }) as S['downloadNow'],
    createExport: (async (ctx, q, ...rest) => {
      await check(ctx.publisherId, q);
      return service.createExport(ctx, q, ...rest);
    }) as S['createExport'],
    revenueChange: (async (ctx, q, ...rest) => {
      await assertWithinReportHistory(db, ctx.publisherId, q.from, now());
      return service.revenueChange(ctx, q, ...rest);
    }) as S['revenueChange'],
  };
}
