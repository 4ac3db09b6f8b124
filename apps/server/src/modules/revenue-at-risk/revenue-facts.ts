import { ADS_TXT_PRODUCT_TYPES, type ReportDayRange } from '@pc/contracts';
import type { ReportEngine, ReportQuery, ReportRow } from '../../report-engine/report-engine';

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const PROGRAMMATIC = new Set<string>(ADS_TXT_PRODUCT_TYPES);

/** One site's revenue facts over the period, as the causes price them. */
export interface SiteRevenue {
  programmaticRevenue: number;
  /** Index 0 = Sunday: revenue summed over the period and how many such days had facts. */
  byWeekday: { revenue: number; days: number }[];
}

type Engine = Pick<ReportEngine, 'query'>;
type Read = Pick<ReportQuery, 'dimensions' | 'interval' | 'limit'>;

/** The report engine's largest page (report-plan.ts). */
const MAX_PAGE = 100_000;
/** Product types one site may have: the per-site read's limit, far above the catalog's types. */
const TYPE_ROWS_PER_SITE = 100;

const revenueQuery = (publisherId: string, siteIds: readonly string[], range: ReportDayRange, read: Read): ReportQuery => ({
  reportType: 'revenue',
  publisherId,
  dateFrom: range.from,
  dateTo: range.to,
  metrics: ['revenue'],
  filters: [{ dimension: 'sites', mode: 'include', values: [...siteIds] }],
  ...read,
});

const daysIn = (range: ReportDayRange) =>
  Math.round((Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / 86_400_000) + 1;

/** Days of the period with revenue facts for the publisher: what a period total is divided by. */
export async function revenueDaysOf(engine: Engine, publisherId: string, range: ReportDayRange): Promise<number> {
  const days = await engine.query({
    reportType: 'revenue',
    publisherId,
    dateFrom: range.from,
    dateTo: range.to,
    dimensions: [],
    metrics: ['revenue'],
    interval: 'Day',
    limit: 400,
  });
  return days.rows.filter((r) => r.revenue !== null && r.revenue !== undefined).length;
}

/** A site's figures from its rows of the two reads (by product type; by day, in date order). */
function siteRevenueFrom(byType: readonly ReportRow[], byDay: readonly ReportRow[]): SiteRevenue {
  const byWeekday = Array.from({ length: 7 }, () => ({ revenue: 0, days: 0 }));
  for (const r of byDay) {
    const w = byWeekday[new Date(`${String(r.date)}T00:00:00Z`).getUTCDay()];
    if (!w) continue;
    w.revenue += num(r.revenue);
    w.days += 1;
  }
  return {
    programmaticRevenue: byType.filter((r) => PROGRAMMATIC.has(String(r.product_type))).reduce((a, r) => a + num(r.revenue), 0),
    byWeekday,
  };
}

/** Ordinary report queries (the report's own totals), one site at a time by its id. */
export async function siteRevenueOf(engine: Engine, publisherId: string, siteId: string, range: ReportDayRange): Promise<SiteRevenue> {
  const [byType, byDay] = await Promise.all([
    engine.query(revenueQuery(publisherId, [siteId], range, { dimensions: ['product_type'], interval: 'Cumulative', limit: 100 })),
    engine.query(revenueQuery(publisherId, [siteId], range, { dimensions: [], interval: 'Day', limit: 400 })),
  ]);
  return siteRevenueFrom(byType.rows, byDay.rows);
}

/**
 * Every row of a read split by site, for the listed sites: one page when it holds them all (the
 * limit is the most rows the sites can have), else the sites in halves, so no site is dropped.
 */
async function rowsOfSites(
  engine: Engine,
  query: (siteIds: readonly string[], limit: number) => ReportQuery,
  siteIds: readonly string[],
  rowsPerSite: number,
): Promise<ReportRow[]> {
  const limit = Math.min(MAX_PAGE, siteIds.length * rowsPerSite);
  const page = await engine.query(query(siteIds, limit));
  if (page.totalRows <= page.rows.length) return page.rows;
  if (siteIds.length === 1)
    throw new Error(`Site ${siteIds[0]!} has ${page.totalRows} revenue rows, more than the ${page.rows.length} one read returns.`);
  const half = Math.ceil(siteIds.length / 2);
  const parts = await Promise.all([
    rowsOfSites(engine, query, siteIds.slice(0, half), rowsPerSite),
    rowsOfSites(engine, query, siteIds.slice(half), rowsPerSite),
  ]);
  return parts.flat();
}

/**
 * The Site column shows a site's name (its id when the engine has no name for it), so a row is
 * told apart by that label. Sites whose name is another listed site's name or id cannot be; they
 * are read one at a time. Returns the label of each site read together and the rest.
 */
function labelsOf(sites: readonly { id: string; name: string }[]) {
  const uses = new Map<string, number>();
  for (const s of sites) for (const l of new Set([s.name, s.id])) uses.set(l, (uses.get(l) ?? 0) + 1);
  const together = sites.filter((s) => uses.get(s.name) === 1);
  const alone = sites.filter((s) => uses.get(s.name) !== 1);
  const label = new Map<string, string>();
  for (const s of together) {
    label.set(s.name, s.id);
    if (uses.get(s.id) === 1) label.set(s.id, s.id);
  }
  return { together, alone, label };
}

/** The rows of each site by its label; null when a row's label is none of theirs (names out of step). */
function bySite(rows: readonly ReportRow[], label: ReadonlyMap<string, string>): Map<string, ReportRow[]> | null {
  const out = new Map<string, ReportRow[]>();
  for (const r of rows) {
    const id = label.get(String(r.sites));
    if (id === undefined) return null;
    const list = out.get(id);
    if (list) list.push(r);
    else out.set(id, [r]);
  }
  return out;
}

/**
 * Every listed site's figures from the same two reads as siteRevenueOf, each split by site: a
 * constant number of report queries however many sites the publisher has. Each site's rows come
 * in the order its own read gives them (the Site column sorts after the others), so its sums are
 * the same. A site the Site column cannot name is read on its own.
 */
export async function siteRevenuesOf(
  engine: Engine,
  publisherId: string,
  sites: readonly { id: string; name: string }[],
  range: ReportDayRange,
): Promise<Map<string, SiteRevenue>> {
  const { together, alone, label } = labelsOf(sites);
  const out = new Map<string, SiteRevenue>();
  // An empty site filter is no filter (report-plan.ts): with no site to read together, read none.
  if (together.length > 0) {
    const ids = together.map((s) => s.id);
    const read = (dimensions: Read['dimensions'], interval: Read['interval']) => (siteIds: readonly string[], limit: number) =>
      revenueQuery(publisherId, siteIds, range, { dimensions, interval, limit });
    const [byType, byDay] = await Promise.all([
      rowsOfSites(engine, read(['sites', 'product_type'], 'Cumulative'), ids, TYPE_ROWS_PER_SITE),
      rowsOfSites(engine, read(['sites'], 'Day'), ids, daysIn(range)),
    ]);
    const types = bySite(byType, label);
    const days = bySite(byDay, label);
    if (types && days) for (const id of ids) out.set(id, siteRevenueFrom(types.get(id) ?? [], days.get(id) ?? []));
    else alone.push(...together);
  }
  const single = await Promise.all(alone.map((s) => siteRevenueOf(engine, publisherId, s.id, range)));
  alone.forEach((s, i) => out.set(s.id, single[i]!));
  return out;
}
