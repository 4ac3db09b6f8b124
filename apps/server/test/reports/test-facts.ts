import { DuckDbReportEngine } from '../../src/report-engine/duckdb-engine';
import type {
  RecirculationFact,
  ReportEngine,
  RevenueRequestFact,
  RevenueSalesFact,
  SiteRecord,
} from '../../src/report-engine/report-engine';

/**
 * A tiny hand-checked data set for the engine tests (the expected figures are derived in the test
 * comments). Publisher P2 exists only to prove that a publisher never sees another's rows.
 */
export const TEST_SITES: SiteRecord[] = [
  { id: 's1', publisherId: 'P1', name: 'Alpha News' },
  { id: 's2', publisherId: 'P1', name: 'Beta Blog' },
  { id: 'x1', publisherId: 'P2', name: 'Other' },
];

const req = (date: string, publisherId: string, siteId: string, productType: string, impRequests: number): RevenueRequestFact => ({
  date,
  publisherId,
  siteId,
  productType,
  impRequests,
});

export const TEST_REQUESTS: RevenueRequestFact[] = [
  req('2024-01-30', 'P1', 's1', 'Display', 1000),
  req('2024-01-30', 'P1', 's1', 'Video', 200),
  req('2024-01-31', 'P1', 's2', 'Display', 500),
  req('2024-02-01', 'P1', 's1', 'Display', 800),
  // Requests but no sales: the row must still appear (full outer join), with ratios dividing by 0.
  req('2024-02-01', 'P1', 's2', 'Native', 0),
  req('2024-01-30', 'P2', 'x1', 'Display', 99_999),
];

const sale = (
  date: string,
  publisherId: string,
  siteId: string,
  productType: string,
  size: string,
  brand: string,
  dealName: string,
  dealId: string,
  impressions: number,
  revenue: number,
  netRevenue: number,
): RevenueSalesFact => ({ date, publisherId, siteId, productType, size, brand, dealName, dealId, impressions, revenue, netRevenue });

/** The optional attributes (advertiser domain, IAB category id); '' leaves the column out of the fact. */
const attrs = (fact: RevenueSalesFact, advertiserDomain: string, iabCategory: string): RevenueSalesFact => ({
  ...fact,
  ...(advertiserDomain ? { advertiserDomain } : {}),
  ...(iabCategory ? { iabCategory } : {}),
});

export const TEST_SALES: RevenueSalesFact[] = [
  attrs(sale('2024-01-30', 'P1', 's1', 'Display', '300x250', 'Acme', '', '', 400, 2.0, 1.5), 'acme.com', '30'),
  attrs(sale('2024-01-30', 'P1', 's1', 'Display', '728x90', 'Globex', 'Summer', 'D1', 100, 1.0, 0.75), 'ads.globex.com', '392'),
  attrs(sale('2024-01-30', 'P1', 's1', 'Video', 'Video', 'Acme', '', '', 50, 1.5, 1.0), 'acme.com', ''),
  attrs(sale('2024-01-31', 'P1', 's2', 'Display', '300x250', 'Acme', '', '', 250, 0.5, 0.25), '', '1'),
  attrs(sale('2024-02-01', 'P1', 's1', 'Display', '300x250', 'Globex', '', '', 600, 3.0, 2.25), 'globex.com', '391'),
  attrs(sale('2024-01-30', 'P2', 'x1', 'Display', '300x250', 'Acme', '', '', 99, 9, 9), 'acme.com', '1'),
];

const recirc = (date: string, siteId: string, widget: string, organicPageViews: number, organicClicks: number): RecirculationFact => ({
  date,
  publisherId: 'P1',
  siteId,
  widget,
  organicPageViews,
  organicClicks,
});

export const TEST_RECIRCULATION: RecirculationFact[] = [
  recirc('2024-01-30', 's1', 'Below Article', 1000, 50),
  recirc('2024-01-30', 's1', 'Explore More', 400, 20),
  recirc('2024-01-30', 's2', 'Right Rail', 300, 3),
  recirc('2024-01-31', 's1', 'Below Article', 0, 0),
];

/** Sums in another order differ in the last bits of a double: compare to 12 significant digits. */
export function roundedForCompare(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value), (_key, v: unknown) => (typeof v === 'number' ? Number(v.toPrecision(12)) : v));
}

/** Loads the test sites and revenue facts (and recirculation when asked) into any engine. */
export async function loadTestFacts(engine: ReportEngine, options: { recirculation?: boolean } = {}): Promise<void> {
  await engine.upsertSites(TEST_SITES);
  await engine.ingest({ reportType: 'revenue', requests: TEST_REQUESTS, sales: TEST_SALES });
  if (options.recirculation) await engine.ingest({ reportType: 'recirculation', rows: TEST_RECIRCULATION });
}

/** An in-memory engine with the test sites and revenue facts (and recirculation when asked). */
export async function engineWithTestFacts(options: { recirculation?: boolean } = {}): Promise<DuckDbReportEngine> {
  const engine = new DuckDbReportEngine(':memory:');
  await engine.init();
  await loadTestFacts(engine, options);
  return engine;
}
