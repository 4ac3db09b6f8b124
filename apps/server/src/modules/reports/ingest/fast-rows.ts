import { FAST_COLUMNS, isFactDay, NUMERIC_PATTERN, REQUEST_COLUMNS, SALES_COLUMNS, TEXT_MAX } from '../../../report-engine/fact-file-rules';
import type { RecirculationFact, RevenueRequestFact, RevenueSalesFact } from '../../../report-engine/report-engine';

/**
 * The common row checked without zod: zod's parse and the objects it builds were most of the
 * ingestion's CPU (bench:ingest). Each check here accepts only what fact-row-schemas.ts accepts;
 * anything else (a bad value, an optional attribute, an unknown column) returns null and goes
 * through zod, which stays the one source of the error messages.
 */
type Raw = Record<string, unknown>;
type Lined<T> = T & { line: number };

const NUMERIC = new RegExp(NUMERIC_PATTERN);
const num = (v: unknown): number | undefined =>
  typeof v === 'number' ? v : typeof v === 'string' && NUMERIC.test(v) ? Number(v) : undefined;
const count = (v: unknown): number | undefined => {
  const n = num(v);
  return n !== undefined && Number.isInteger(n) && n >= 0 && n <= Number.MAX_SAFE_INTEGER ? n : undefined;
};
const amount = (v: unknown): number | undefined => {
  const n = num(v);
  return n !== undefined && Number.isFinite(n) && n >= 0 ? n : undefined;
};
const text = (v: unknown): v is string => typeof v === 'string' && v.length >= 1 && v.length <= TEXT_MAX;

/** Days already found valid: a file has few distinct days and millions of rows. */
const goodDays = new Set<string>();
const day = (v: unknown): v is string => {
  if (typeof v !== 'string') return false;
  if (goodDays.has(v)) return true;
  if (!isFactDay(v)) return false;
  if (goodDays.size < 100_000) goodDays.add(v);
  return true;
};

/** True when every key of `raw` is one of `allowed` (zod's strict objects refuse others). */
const only = (raw: Raw, allowed: ReadonlySet<string>): boolean => {
  for (const k in raw) if (!allowed.has(k)) return false;
  return true;
};

// The same columns an engine's own parser may read (fact-file-rules.ts): one list for both paths.
const REQUEST_KEYS: ReadonlySet<string> = new Set(REQUEST_COLUMNS);
const SALES_KEYS: ReadonlySet<string> = new Set(SALES_COLUMNS);
const RECIRCULATION_KEYS: ReadonlySet<string> = new Set(FAST_COLUMNS.recirculation);

export function fastRequest(raw: Raw, line: number): Lined<RevenueRequestFact> | null {
  if (raw.kind !== 'requests' || !only(raw, REQUEST_KEYS)) return null;
  const { date, publisher_id: pub, site_id: site, product_type: type } = raw;
  const impRequests = count(raw.imp_requests);
  if (!day(date) || !text(pub) || !text(site) || !text(type) || impRequests === undefined) return null;
  return { line, date, publisherId: pub, siteId: site, productType: type, impRequests };
}

export function fastSale(raw: Raw, line: number): Lined<RevenueSalesFact> | null {
  if (raw.kind !== 'sales' || !only(raw, SALES_KEYS)) return null;
  const { date, publisher_id: pub, site_id: site, product_type: type, size, brand, deal_name: dealName, deal_id: dealId } = raw;
  if (!day(date) || !text(pub) || !text(site) || !text(type) || !text(size) || !text(brand)) return null;
  if ((dealName !== undefined && !text(dealName)) || (dealId !== undefined && !text(dealId))) return null;
  const impressions = count(raw.impressions);
  const revenue = amount(raw.revenue);
  const netRevenue = amount(raw.net_revenue);
  if (impressions === undefined || revenue === undefined || netRevenue === undefined) return null;
  const deal = { dealName: dealName ?? '', dealId: dealId ?? '' };
  return { line, date, publisherId: pub, siteId: site, productType: type, size, brand, ...deal, impressions, revenue, netRevenue };
}

export function fastRecirculation(raw: Raw, line: number): Lined<RecirculationFact> | null {
  if (!only(raw, RECIRCULATION_KEYS)) return null;
  const { date, publisher_id: pub, site_id: site, widget } = raw;
  const organicPageViews = count(raw.organic_page_views);
  const organicClicks = count(raw.organic_clicks);
  if (!day(date) || !text(pub) || !text(site) || !text(widget) || organicPageViews === undefined || organicClicks === undefined)
    return null;
  return { line, date, publisherId: pub, siteId: site, widget, organicPageViews, organicClicks };
}
