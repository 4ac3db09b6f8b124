import type { BlockingRuleType, ImpactPreview } from '@pc/contracts';
import type { ReportEngine } from '../reports/engine/report-engine';

const DAYS = 30;
const shiftDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const share = (part: number, whole: number) => (whole > 0 ? part / whole : 0);
const pct = (x: number) => `${Math.round(x * 1000) / 10}%`;

/**
 * What a rule would have removed over the last 30 full days, from the report facts. Only brands
 * are in the facts today; other types answer `priced: false` with the totals for context.
 */
export async function impactPreview(
  engine: ReportEngine,
  publisher: { id: string; currency: string; sites: { id: string; name: string }[] },
  rule: { type: BlockingRuleType; values: string[]; siteIds: string[] | null },
  today: string,
): Promise<ImpactPreview> {
  const dateTo = shiftDays(today, -1);
  const dateFrom = shiftDays(dateTo, -(DAYS - 1));
  const rows = await engine.salesBreakdown(publisher.id, dateFrom, dateTo, true);
  const inScope = (siteId: string) => rule.siteIds === null || rule.siteIds.includes(siteId);
  const priced = rule.type === 'brand';
  const blocked = new Set(rule.values.map((v) => v.trim().toLowerCase()));
  const names = new Map(publisher.sites.map((s) => [s.id, s.name]));

  let totalRevenue = 0;
  let totalImpressions = 0;
  const perSite = new Map<string, { revenue: number; removedRevenue: number; removedImpressions: number }>();
  const scopedBrands = new Set<string>();
  let removedBrands = 0;
  for (const r of rows) {
    totalRevenue += r.netRevenue;
    totalImpressions += r.impressions;
    const site = perSite.get(r.siteId) ?? { revenue: 0, removedRevenue: 0, removedImpressions: 0 };
    site.revenue += r.netRevenue;
    perSite.set(r.siteId, site);
    if (!inScope(r.siteId)) continue;
    const brand = r.brand.toLowerCase();
    if (r.netRevenue > 0 || r.impressions > 0) scopedBrands.add(brand);
    if (priced && blocked.has(brand)) {
      site.removedRevenue += r.netRevenue;
      site.removedImpressions += r.impressions;
    }
  }
  for (const b of scopedBrands) if (blocked.has(b)) removedBrands += 1;
  const removedRevenue = [...perSite.values()].reduce((a, s) => a + s.removedRevenue, 0);
  const removedImpressions = [...perSite.values()].reduce((a, s) => a + s.removedImpressions, 0);
  const revenueShare = share(removedRevenue, totalRevenue);
  const warnings: string[] = [];
  if (priced && revenueShare > 0.5)
    warnings.push(`This rule would have removed ${pct(revenueShare)} of your net revenue over the last ${DAYS} days, more than half.`);
  if (priced && scopedBrands.size > 0 && removedBrands === scopedBrands.size)
    warnings.push('This rule blocks every brand that earned revenue on these sites in the last 30 days: nothing would be left to serve.');
  return {
    dateFrom,
    dateTo,
    priced,
    currency: publisher.currency,
    totalRevenue,
    totalImpressions,
    removedRevenue,
    removedImpressions,
    revenueShare,
    impressionShare: share(removedImpressions, totalImpressions),
    sites: [...perSite.entries()]
      .filter(([id]) => inScope(id))
      .map(([siteId, s]) => ({
        siteId,
        siteName: names.get(siteId) ?? siteId,
        removedRevenue: s.removedRevenue,
        removedImpressions: s.removedImpressions,
        revenueShare: share(s.removedRevenue, s.revenue),
      }))
      .sort((a, b) => b.removedRevenue - a.removedRevenue),
    warnings,
  };
}
