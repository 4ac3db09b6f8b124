import { dayNumber, revenueChangeSentence, formatDay, shiftDays, type ReportDay, type ReportFilter } from '@pc/contracts';
import type { Db } from '../../../db/pool';
import type { IncidentReport, IncidentsService } from '../../incidents';
import type { DailyRevenueSeries, ReportEngine } from '../../../report-engine/report-engine';
import { reportingTodaysOf } from '../reporting-calendar';
import { revenueChange } from '../revenue-change/revenue-change';
import { alertCategory, alertDetail, alertMessage, alertSeverity, alertTitle } from './revenue-alert-text';
import { alertsOf, backInRange, judgeAll, KEY_PREFIX, type RevenueAlert } from './revenue-alerts';
import { revenueSeries, SCAN_WINDOW_DAYS, type SeriesScope } from './revenue-series';
import { revenueScansRepo, type ScanMark } from './revenue-scans.repo';
import { publisherRecords } from '../../publishers';

export interface RevenueScanDeps {
  db: Db;
  engine: Pick<ReportEngine, 'query' | 'dailyRevenueSeries'>;
  incidents: Pick<IncidentsService, 'report' | 'resolveByKey' | 'unresolvedKeys'>;
  now?: () => Date;
}

export interface RevenueScanOutcome {
  publisherId: string;
  /** The day judged; null when the publisher's yesterday has no facts loaded yet. */
  day: ReportDay | null;
  series: number;
  raised: string[];
  resolved: string[];
}

/** What judging one publisher needs besides its facts: read once for the whole batch. */
interface BatchContext {
  deps: RevenueScanDeps;
  openKeys: ReadonlyMap<string, string[]>;
  siteNames: ReadonlyMap<string, string>;
}

/**
 * The daily revenue scan of a batch of publishers: for each, yesterday (in its reporting time
 * zone) of its total, each site and each site x product type, judged against the same weekday of
 * the previous weeks (revenue-anomalies.ts). An unusual day raises (or adds an occurrence to) a
 * revenue incident with the report's explanation of the change against the same weekday a week
 * before; an incident whose scope is back in range is resolved. Incidents go through the incidents
 * service, so they mail the publisher's users and post the incident webhooks like every other
 * incident. The facts of the whole batch come from one engine read, and the scan's own state from
 * one query each: per publisher, only its judgement and its incidents' writes remain.
 */
export async function scanRevenue(deps: RevenueScanDeps, publisherIds: readonly string[]): Promise<RevenueScanOutcome[]> {
  const ids = [...new Set(publisherIds)];
  if (ids.length === 0) return [];
  const todays = await reportingTodaysOf(deps.db, ids, deps.now?.() ?? new Date());
  const yesterdays = new Map(ids.map((id) => [id, shiftDays(todays.get(id)!, -1)]));
  const days = [...yesterdays.values()].sort();
  const [facts, openKeys, siteNames] = await Promise.all([
    deps.engine.dailyRevenueSeries(ids, shiftDays(days[0]!, -(SCAN_WINDOW_DAYS - 1)), days[days.length - 1]!),
    deps.incidents.unresolvedKeys(ids, KEY_PREFIX),
    publisherRecords(deps.db).siteNames(ids),
  ]);
  const factsOf = new Map<string, DailyRevenueSeries[]>(ids.map((id) => [id, []]));
  for (const f of facts) factsOf.get(f.publisherId)?.push(f);
  const context: BatchContext = { deps, openKeys, siteNames };
  const outcomes: RevenueScanOutcome[] = [];
  for (const id of ids) outcomes.push(await scanOne(context, id, factsOf.get(id)!, yesterdays.get(id)!, todays.get(id)!));
  const mark = (judged: boolean) =>
    outcomes
      .filter((o) => (o.day !== null) === judged)
      .map((o): ScanMark => ({ publisherId: o.publisherId, day: yesterdays.get(o.publisherId)! }));
  const scans = revenueScansRepo(deps.db);
  await scans.recordScans(mark(true));
  await scans.recordTries(mark(false));
  return outcomes;
}

async function scanOne(
  { deps, openKeys, siteNames }: BatchContext,
  publisherId: string,
  facts: readonly DailyRevenueSeries[],
  day: ReportDay,
  today: ReportDay,
): Promise<RevenueScanOutcome> {
  const last = dayNumber(day);
  const series = revenueSeries(facts, { from: last - (SCAN_WINDOW_DAYS - 1), to: last }, siteNames);
  if (!series.some((s) => s.points[s.points.length - 1]?.date === day))
    return { publisherId, day: null, series: 0, raised: [], resolved: [] };
  const judged = judgeAll(series);
  const alerts = alertsOf(judged);
  if (alerts.length > 0) {
    const currency = await publisherRecords(deps.db).currencyOf(publisherId);
    for (const alert of alerts) {
      const explanation = await explain(deps, publisherId, alert.series, day, today, currency);
      await deps.incidents.report(incidentOf(publisherId, alert, siteNames, currency, explanation));
    }
  }
  const resolved = backInRange(openKeys.get(publisherId) ?? [], judged);
  for (const key of resolved) {
    await deps.incidents.resolveByKey(publisherId, key, `Revenue of ${formatDay(day)} is back in its usual range.`);
  }
  return { publisherId, day, series: judged.length, raised: alerts.map((a) => a.key), resolved };
}

function incidentOf(
  publisherId: string,
  alert: RevenueAlert,
  siteNames: ReadonlyMap<string, string>,
  currency: string,
  explanation: string | null,
): IncidentReport {
  const { series, anomaly } = alert;
  // A site only the facts know (no portal site of that id) is named, not pointed at.
  const siteId = series.siteId !== null && siteNames.has(series.siteId) ? series.siteId : null;
  const title = alertTitle(series, anomaly);
  return {
    publisherId,
    siteId,
    // A site the portal cannot point at (a report-only name) is still named for people.
    subject: siteId === null ? series.site : null,
    type: 'revenue',
    severity: alertSeverity(anomaly),
    category: alertCategory(anomaly),
    key: alert.key,
    title,
    detail: alertDetail(anomaly, currency, explanation),
    occurredAt: new Date(`${anomaly.date}T00:00:00Z`),
    message: alertMessage(title, anomaly, currency, explanation),
  };
}

/** The report filters of a scope: its site (by id, as filters take sites) and product type. */
function filtersOf(scope: SeriesScope): ReportFilter[] {
  const filters: ReportFilter[] = [];
  if (scope.siteId !== null) filters.push({ dimension: 'sites', mode: 'include', values: [scope.siteId] });
  if (scope.productType !== null) filters.push({ dimension: 'product_type', mode: 'include', values: [scope.productType] });
  return filters;
}

/**
 * "What changed against Nov 20, 2026: Revenue −38.0% (−€84.00): Video on Northwind Sport, eCPM
 * −30.0%": the report's explanation of the day against the same weekday a week before. Null when
 * the explanation fails: the alert goes out without it.
 */
async function explain(
  deps: RevenueScanDeps,
  publisherId: string,
  scope: SeriesScope,
  day: ReportDay,
  today: ReportDay,
  currency: string,
): Promise<string | null> {
  const filters = filtersOf(scope);
  const weekBefore = shiftDays(day, -7);
  try {
    const change = await revenueChange(
      (q) => deps.engine.query(q),
      { publisherId, filters },
      { from: day, to: day },
      { from: weekBefore, to: weekBefore },
      today,
    );
    return `What changed against ${formatDay(weekBefore)}: ${revenueChangeSentence('Revenue', { currency, ...change })}`;
  } catch {
    return null;
  }
}
