import {
  HISTORY_EXTENSION_FLAG,
  earliestReportDay,
  epochNoonToDay,
  type ReportCallQuery,
  type ReportDay,
  type RevenueChangeQueryParsed,
} from '@pc/contracts';
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
 * totals never cover fewer days than the range shown. Answers the history's first day.
 */
export async function assertWithinReportHistory(db: Db, publisherId: string, dateFrom: ReportDay, now: Date): Promise<ReportDay> {
  const earliest = await earliestReportDayOf(db, publisherId, now);
  if (dateFrom >= earliest) return earliest;
  throw await entitlements(db).refuse(
    publisherId,
    (plan) => `Reports on your ${plan} plan start no earlier than ${longDay(earliest)}.`,
    'Choose a later start date',
    'dateFrom',
  );
}

type HistoryContext = { publisherId: string; historyFrom?: ReportDay };
type HistoryChecked = {
  run(ctx: HistoryContext, q: ReportCallQuery, ...rest: never[]): Promise<unknown>;
  downloadNow(ctx: HistoryContext, q: ReportCallQuery, ...rest: never[]): Promise<unknown>;
  createExport(ctx: HistoryContext, q: ReportCallQuery, ...rest: never[]): Promise<unknown>;
  revenueChange(ctx: HistoryContext, q: RevenueChangeQueryParsed, ...rest: never[]): Promise<unknown>;
};

/** A report call without its comparison. */
function withoutComparison(q: ReportCallQuery): ReportCallQuery {
  const { compare: _compare, compareFrom: _from, compareTo: _to, ...rest } = q;
  return rest;
}

/**
 * The reports service with the history rule in front of every call that reads facts for a range
 * (the report on screen, its direct download, file and e-mail exports, the explanation of a
 * change): refused before any fact is read. Compared days are facts too, but a comparison that
 * reaches before the history (last 30 days against a year ago, on a plan of 13 months) does not
 * refuse the report: the service reads the compared days from the history's first day on
 * (`historyFrom`), so the comparison says "Partial data in the comparison period" (or "No data")
 * and explains nothing, and a file leaves out the explanation it could not give. A decorator, so
 * the rule stays one small file beside the service. Saved schedules resolve presets of at most
 * 13 months and are not checked again.
 */
export function withReportHistory<S extends HistoryChecked>(service: S, db: Db, now: () => Date = () => new Date()): S {
  const rangeOf = (q: ReportCallQuery) => ({ from: epochNoonToDay(q.dateFrom), to: epochNoonToDay(q.dateTo) });
  const checkFile = async (ctx: HistoryContext, q: ReportCallQuery) => {
    const range = rangeOf(q);
    const historyFrom = await assertWithinReportHistory(db, ctx.publisherId, range.from, now());
    const compared = requestedComparison(q, range);
    return compared && compared.from < historyFrom ? withoutComparison(q) : q;
  };
  return {
    ...service,
    run: (async (ctx, q, ...rest) => {
      const historyFrom = await assertWithinReportHistory(db, ctx.publisherId, rangeOf(q).from, now());
      return service.run({ ...ctx, historyFrom }, q, ...rest);
    }) as S['run'],
    downloadNow: (async (ctx, q, ...rest) => service.downloadNow(ctx, await checkFile(ctx, q), ...rest)) as S['downloadNow'],
    createExport: (async (ctx, q, ...rest) => service.createExport(ctx, await checkFile(ctx, q), ...rest)) as S['createExport'],
    revenueChange: (async (ctx, q, ...rest) => {
      const historyFrom = await assertWithinReportHistory(db, ctx.publisherId, q.from, now());
      return service.revenueChange({ ...ctx, historyFrom }, q, ...rest);
    }) as S['revenueChange'],
  };
}
