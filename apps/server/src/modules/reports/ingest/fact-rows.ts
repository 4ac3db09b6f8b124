import type { ReportType } from '@pc/contracts';
import type { FactBatch, RecirculationFact, RevenueRequestFact, RevenueSalesFact } from '../../../report-engine/report-engine';
import { RecirculationRowSchema, RevenueRowSchema, describeIssues } from './fact-row-schemas';
import { fastRecirculation, fastRequest, fastSale } from './fast-rows';

export type RawRow = Record<string, unknown>;

/** A fact with the 1-based file line it came from: an engine names the lines of repeated keys with it. */
export type Lined<T> = T & { line: number };

/** Rows of one report type being collected into the next batch. */
export class BatchRows {
  requests: Lined<RevenueRequestFact>[] = [];
  sales: Lined<RevenueSalesFact>[] = [];
  recirculation: Lined<RecirculationFact>[] = [];

  constructor(readonly reportType: ReportType) {}

  get size(): number {
    return this.requests.length + this.sales.length + this.recirculation.length;
  }

  /** The rows so far as a batch, and an empty collection for the next one. */
  take(): FactBatch {
    const batch: FactBatch =
      this.reportType === 'revenue'
        ? { reportType: 'revenue', requests: this.requests, sales: this.sales }
        : { reportType: 'recirculation', rows: this.recirculation };
    this.requests = [];
    this.sales = [];
    this.recirculation = [];
    return batch;
  }

  /** Validates one normalised row and adds it; the reason when it is refused. */
  add(raw: RawRow, line: number): string | null {
    if (this.reportType === 'revenue') {
      const request = fastRequest(raw, line);
      if (request) {
        this.requests.push(request);
        return null;
      }
      const sale = fastSale(raw, line);
      if (sale) {
        this.sales.push(sale);
        return null;
      }
      const parsed = RevenueRowSchema.safeParse(raw);
      if (!parsed.success) return describeIssues(parsed.error, raw);
      const r = parsed.data;
      const keys = { line, date: r.date, publisherId: r.publisher_id, siteId: r.site_id, productType: r.product_type };
      if (r.kind === 'requests') {
        this.requests.push({ ...keys, impRequests: r.imp_requests });
        return null;
      }
      this.sales.push({
        ...keys,
        size: r.size,
        brand: r.brand,
        dealName: r.deal_name ?? '',
        dealId: r.deal_id ?? '',
        impressions: r.impressions,
        revenue: r.revenue,
        netRevenue: r.net_revenue,
        ...(r.advertiser_domain ? { advertiserDomain: r.advertiser_domain } : {}),
        ...(r.iab_category ? { iabCategory: r.iab_category } : {}),
      });
      return null;
    }
    const fast = fastRecirculation(raw, line);
    if (fast) {
      this.recirculation.push(fast);
      return null;
    }
    const parsed = RecirculationRowSchema.safeParse(raw);
    if (!parsed.success) return describeIssues(parsed.error, raw);
    const r = parsed.data;
    this.recirculation.push({
      line,
      date: r.date,
      publisherId: r.publisher_id,
      siteId: r.site_id,
      widget: r.widget,
      organicPageViews: r.organic_page_views,
      organicClicks: r.organic_clicks,
    });
    return null;
  }
}

/** The key a file must not repeat (FORMAT.md), per row shape. */
export function factKeys(batch: FactBatch): { line: number; key: string }[] {
  const lineOf = (f: object) => (f as { line?: number }).line ?? 0;
  if (batch.reportType === 'recirculation') {
    return batch.rows.map((f) => ({ line: lineOf(f), key: JSON.stringify([f.date, f.publisherId, f.siteId, f.widget]) }));
  }
  const requests = batch.requests.map((f) => ({
    line: lineOf(f),
    key: JSON.stringify(['requests', f.date, f.publisherId, f.siteId, f.productType]),
  }));
  const sales = batch.sales.map((f) => ({
    line: lineOf(f),
    key: JSON.stringify([
      'sales',
      f.date,
      f.publisherId,
      f.siteId,
      f.productType,
      f.size,
      f.brand,
      f.dealName,
      f.dealId,
      f.advertiserDomain ?? '',
      f.iabCategory ?? '',
    ]),
  }));
  return [...requests, ...sales];
}
