import { demoFactsOptions } from '../../apps/server/src/demo/seed-demo-facts';
import { generateDemoFacts, type DemoFactsSink } from '../../apps/server/src/modules/reports/demo/demo-facts';

export interface RevenueTotals {
  impRequests: number;
  impressions: number;
  revenue: number;
}

/**
 * The revenue totals the demo generator produced for one publisher and date range, summed here in
 * plain JS from the rows it hands to the engine: the journeys compare the page with these, so a
 * wrong sum, filter or date in the report path shows up as a different figure.
 * The server seeds 13 months ending the day before it started (demo/seed-demo-facts.ts).
 */
export async function demoRevenueTotals(publisherId: string, from: string, to: string, serverStarted = new Date()): Promise<RevenueTotals> {
  const endDate = new Date(serverStarted.getTime() - 86_400_000).toISOString().slice(0, 10);
  const totals: RevenueTotals = { impRequests: 0, impressions: 0, revenue: 0 };
  const inRange = (f: { publisherId: string; date: string }) => f.publisherId === publisherId && f.date >= from && f.date <= to;
  const sink: DemoFactsSink = {
    async upsertSites() {},
    async setFinalizedThrough() {},
    async ingest(batch) {
      if (batch.reportType === 'revenue') {
        for (const r of batch.requests) if (inRange(r)) totals.impRequests += r.impRequests;
        for (const s of batch.sales) {
          if (!inRange(s)) continue;
          totals.impressions += s.impressions;
          totals.revenue += s.revenue;
        }
      }
      return { rowsApplied: 0, daysReplaced: 0 };
    },
  };
  await generateDemoFacts(sink, demoFactsOptions(endDate));
  return totals;
}

export interface DemoImpact {
  /** Net revenue of the publisher's sales in the range, all sites. */
  netRevenue: number;
  /** Of it, the sales whose attribute was recorded (non-empty). */
  recorded: number;
  /** Of it, the sales `removes` picks. */
  removed: number;
}

/**
 * What a blocking rule on an optional sales attribute would remove from the demo facts, summed
 * here from the generator's rows (the impact preview's figures, computed independently of the
 * engine and the preview code).
 */
export async function demoAttributeImpact(
  publisherId: string,
  from: string,
  to: string,
  attribute: 'advertiserDomain' | 'iabCategory',
  removes: (value: string) => boolean,
  serverStarted = new Date(),
): Promise<DemoImpact> {
  const endDate = new Date(serverStarted.getTime() - 86_400_000).toISOString().slice(0, 10);
  const out: DemoImpact = { netRevenue: 0, recorded: 0, removed: 0 };
  const sink: DemoFactsSink = {
    async upsertSites() {},
    async setFinalizedThrough() {},
    async ingest(batch) {
      if (batch.reportType === 'revenue') {
        for (const s of batch.sales) {
          if (s.publisherId !== publisherId || s.date < from || s.date > to) continue;
          out.netRevenue += s.netRevenue;
          const value = s[attribute] ?? '';
          if (value === '') continue;
          out.recorded += s.netRevenue;
          if (removes(value)) out.removed += s.netRevenue;
        }
      }
      return { rowsApplied: 0, daysReplaced: 0 };
    },
  };
  await generateDemoFacts(sink, demoFactsOptions(endDate));
  return out;
}
