import { revenueChangeSentence, formatDay, shiftDays, type ReportDay, type ReportFilter } from '@pc/contracts';
import type { Db } from '../../../db/pool';
import type { IncidentReport, IncidentsService } from '../../incidents/incidents.service';
import type { ReportQuery, ReportResult } from '../engine/report-engine';
import { reportsRepo } from '../reports.repo';
import { reportingCalendarOf } from '../reporting-calendar';
import { revenueChange } from '../revenue-change/revenue-change';
import { alertCategory, alertDetail, alertMessage, alertSeverity, alertTitle } from './revenue-alert-text';
import { alertsOf, backInRange, judgeAll, KEY_PREFIX, type RevenueAlert } from './revenue-alerts';
import { dailyRows, revenueSeries, scanQuery, type SeriesScope } from './revenue-series';
import { revenueScansRepo } from './revenue-scans.repo';

export interface RevenueScanDeps {
  db: Db;
  query: (q: ReportQuery) => Promise<ReportResult>;
  incidents: Pick<IncidentsService, 'report' | 'resolveByKey' | 'unresolvedKeys'>;
  now?: () => Date;
}

export interface RevenueScanOutcome {
  /** The day judged; null when the publisher's yesterday has no facts loaded yet. */
  day: ReportDay | null;
  series: number;
  raised: string[];
  resolved: string[];
}

/**
 * The daily revenue scan of one publisher: yesterday (in its reporting time zone) of its total,
 * each site and each site x product type, judged against the same weekday of the previous weeks
 * (revenue-anomalies.ts). An unusual day raises (or adds an occurrence to) a revenue incident with
 * the report's explanation of the change against the same weekday a week before; an incident whose
 * scope is back in range is resolved. Incidents go through the incidents service, so they mail the
 * publisher's users and post the incident webhooks like every other incident.
 */
export async function scanPublisherRevenue(deps: RevenueScanDeps, publisherId: string): Promise<RevenueScanOutcome> {
  const scans = revenueScansRepo(deps.db);
  const { today } = await reportingCalendarOf(deps.db, publisherId, deps.now?.() ?? new Date());
  const day = shiftDays(today, -1);
  const rows = dailyRows(await deps.query(scanQuery(publisherId, day)));
  if (!rows.some((r) => r.date === day)) {
    await scans.recordTry(publisherId, day);
    return { day: null, series: 0, raised: [], resolved: [] };
  }
  const judged = judgeAll(revenueSeries(rows));
  const alerts = alertsOf(judged);
  const [openKeys, sites, currency] = await Promise.all([
    deps.incidents.unresolvedKeys(publisherId, KEY_PREFIX),
    scans.sitesOf(publisherId),
    reportsRepo(deps.db).currencyOf(publisherId),
  ]);
  const siteIds = uniqueNames(sites);
  for (const alert of alerts) {
    const explanation = await explain(deps, publisherId, alert.series, siteIds, day, today, currency ?? 'USD');
    await deps.incidents.report(incidentOf(publisherId, alert, siteIds, currency ?? 'USD', explanation));
  }
  const resolved = backInRange(openKeys, judged);
  for (const key of resolved) {
    await deps.incidents.resolveByKey(publisherId, key, `Revenue of ${formatDay(day)} is back in its usual range.`);
  }
  await scans.recordScan(publisherId, day);
  return { day, series: judged.length, raised: alerts.map((a) => a.key), resolved };
}

/** Site names that name one site only: an incident points at the site when its name is unambiguous. */
function uniqueNames(sites: readonly { id: string; name: string }[]): Map<string, string> {
  const counts = new Map<string, number>();
  for (const s of sites) counts.set(s.name, (counts.get(s.name) ?? 0) + 1);
  return new Map(sites.filter((s) => counts.get(s.name) === 1).map((s) => [s.name, s.id]));
}

function incidentOf(
  publisherId: string,
  alert: RevenueAlert,
  siteIds: ReadonlyMap<string, string>,
  currency: string,
  explanation: string | null,
): IncidentReport {
  const { series, anomaly } = alert;
  const siteId = series.site === null ? null : (siteIds.get(series.site) ?? null);
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
function filtersOf(scope: SeriesScope, siteIds: ReadonlyMap<string, string>): ReportFilter[] | null {
  const filters: ReportFilter[] = [];
  if (scope.site !== null) {
    const id = siteIds.get(scope.site);
    if (!id) return null;
    filters.push({ dimension: 'sites', mode: 'include', values: [id] });
  }
  if (scope.productType !== null) filters.push({ dimension: 'product_type', mode: 'include', values: [scope.productType] });
  return filters;
}

/**
 * "What changed against Nov 20, 2026: Revenue −38.0% (−€84.00): Video on Northwind Sport, eCPM
 * −30.0%": the report's explanation of the day against the same weekday a week before. Null when
 * the scope cannot be filtered on or the explanation fails: the alert goes out without it.
 */
async function explain(
  deps: RevenueScanDeps,
  publisherId: string,
  scope: SeriesScope,
  siteIds: ReadonlyMap<string, string>,
  day: ReportDay,
  today: ReportDay,
  currency: string,
): Promise<string | null> {
  const filters = filtersOf(scope, siteIds);
  if (filters === null) return null;
  const weekBefore = shiftDays(day, -7);
  try {
    const change = await revenueChange(
      deps.query,
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
