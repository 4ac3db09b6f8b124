import type { BlockingRuleType, ImpactPreview } from '@pc/contracts';
import type { ReportEngine, SalesAttribute } from '../../report-engine/report-engine';
import { iabAncestors, iabCategory } from './iab-taxonomy';
import { normaliseValues } from './rule-values';

const DAYS = 30;
const shiftDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const share = (part: number, whole: number) => (whole > 0 ? part / whole : 0);
const pct = (x: number) => `${Math.round(x * 1000) / 10}%`;

/** The sales column each priced rule type reads; keywords have none (the facts hold no page content). */
const ATTRIBUTE: Partial<Record<BlockingRuleType, SalesAttribute>> = {
  brand: 'brand',
  advertiser_domain: 'advertiser_domain',
  iab_category: 'iab_category',
};
const NOUN: Record<SalesAttribute, { one: string; every: string }> = {
  brand: { one: 'a brand', every: 'every brand' },
  advertiser_domain: { one: 'an advertiser domain', every: 'every advertiser domain' },
  iab_category: { one: 'an IAB category', every: 'every IAB category' },
};
const KEYWORD_REASON =
  'Keyword rules match words on your pages, and the reports do not record page content, so their impact cannot be priced. ' +
  'Check the keywords against your own content before saving.';

/**
 * Which sales a rule removes, as the ad server applies it: brands by name (any case), a domain
 * with its subdomains, a category with everything inside it. `recorded` says whether a fact value
 * counts at all: an empty column, or a category id outside the taxonomy, is not coverage.
 */
function matcher(attribute: SalesAttribute, type: BlockingRuleType, raw: readonly string[]) {
  const values = normaliseValues(type, raw).values;
  if (attribute === 'brand') {
    const blocked = new Set(values.map((v) => v.toLowerCase()));
    return { recorded: (v: string) => v !== '', removes: (v: string) => blocked.has(v.toLowerCase()), key: (v: string) => v.toLowerCase() };
  }
  if (attribute === 'advertiser_domain') {
    return {
      recorded: (v: string) => v !== '',
      removes: (v: string) => values.some((d) => v === d || v.endsWith(`.${d}`)),
      key: (v: string) => v,
    };
  }
  const blocked = new Set(values);
  return {
    recorded: (v: string) => iabCategory(v) !== undefined,
    removes: (v: string) => blocked.has(v) || iabAncestors(v).some((a) => blocked.has(a)),
    key: (v: string) => v,
  };
}

interface SiteSums {
  revenue: number;
  scopeRecorded: number;
  removedRevenue: number;
  removedImpressions: number;
}

/**
 * What a rule would have removed over the last 30 full days, from the report facts: brands always,
 * advertiser domains and IAB categories from the sales that recorded them (optional fact columns;
 * the answer says what share did), keywords not at all.
 */
export async function impactPreview(
  engine: ReportEngine,
  publisher: { id: string; currency: string; sites: { id: string; name: string }[] },
  rule: { type: BlockingRuleType; values: string[]; siteIds: string[] | null },
  today: string,
): Promise<ImpactPreview> {
  const dateTo = shiftDays(today, -1);
  const dateFrom = shiftDays(dateTo, -(DAYS - 1));
  const attribute = ATTRIBUTE[rule.type];
  const rows = await engine.salesByAttribute(publisher.id, dateFrom, dateTo, attribute ?? 'brand');
  const inScope = (siteId: string) => rule.siteIds === null || rule.siteIds.includes(siteId);
  const names = new Map(publisher.sites.map((s) => [s.id, s.name]));
  const match = attribute ? matcher(attribute, rule.type, rule.values) : null;

  let totalRevenue = 0;
  let totalImpressions = 0;
  let scopeRevenue = 0;
  let recordedRevenue = 0;
  const perSite = new Map<string, SiteSums>();
  const scopedValues = new Set<string>();
  const removedValues = new Set<string>();
  for (const r of rows) {
    totalRevenue += r.netRevenue;
    totalImpressions += r.impressions;
    const site = perSite.get(r.siteId) ?? { revenue: 0, scopeRecorded: 0, removedRevenue: 0, removedImpressions: 0 };
    site.revenue += r.netRevenue;
    perSite.set(r.siteId, site);
    if (!inScope(r.siteId) || !match) continue;
    scopeRevenue += r.netRevenue;
    if (!match.recorded(r.value)) continue;
    recordedRevenue += r.netRevenue;
    site.scopeRecorded += r.netRevenue;
    if (r.netRevenue > 0 || r.impressions > 0) scopedValues.add(match.key(r.value));
    if (match.removes(r.value)) {
      site.removedRevenue += r.netRevenue;
      site.removedImpressions += r.impressions;
      removedValues.add(match.key(r.value));
    }
  }
  // A domain or category rule with revenue in scope but none of it recording the column: zeros
  // would read as "no impact", which nobody knows.
  const reason = !attribute
    ? KEYWORD_REASON
    : attribute !== 'brand' && scopeRevenue > 0 && recordedRevenue === 0
      ? `None of the sales on these sites in the last ${DAYS} days recorded ${NOUN[attribute].one}, so this rule's impact cannot be priced. ` +
        `Send ${attribute} with your revenue facts to see it.`
      : null;
  const priced = reason === null;
  const scoped = [...perSite.entries()].filter(([id]) => inScope(id));
  const removedRevenue = priced ? scoped.reduce((a, [, s]) => a + s.removedRevenue, 0) : 0;
  const removedImpressions = priced ? scoped.reduce((a, [, s]) => a + s.removedImpressions, 0) : 0;
  const revenueShare = share(removedRevenue, totalRevenue);
  const warnings: string[] = [];
  if (priced && revenueShare > 0.5)
    warnings.push(`This rule would have removed ${pct(revenueShare)} of your net revenue over the last ${DAYS} days, more than half.`);
  if (priced && attribute && scopedValues.size > 0 && removedValues.size === scopedValues.size)
    warnings.push(
      `This rule blocks ${NOUN[attribute].every} that earned revenue on these sites in the last ${DAYS} days` +
        (attribute === 'brand' ? ': nothing would be left to serve.' : ' (of the sales that recorded one).'),
    );
  return {
    dateFrom,
    dateTo,
    priced,
    reason,
    coverage: priced ? (attribute === 'brand' ? 1 : share(recordedRevenue, scopeRevenue)) : null,
    currency: publisher.currency,
    totalRevenue,
    totalImpressions,
    removedRevenue,
    removedImpressions,
    revenueShare,
    impressionShare: share(removedImpressions, totalImpressions),
    sites: scoped
      .map(([siteId, s]) => ({
        siteId,
        siteName: names.get(siteId) ?? siteId,
        removedRevenue: priced ? s.removedRevenue : 0,
        removedImpressions: priced ? s.removedImpressions : 0,
        revenueShare: priced ? share(s.removedRevenue, s.revenue) : 0,
        coverage: priced ? (attribute === 'brand' ? 1 : share(s.scopeRecorded, s.revenue)) : null,
      }))
      .sort((a, b) => b.removedRevenue - a.removedRevenue),
    warnings,
  };
}
