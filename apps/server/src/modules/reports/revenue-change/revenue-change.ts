import {
  CHANGE_DIMENSIONS,
  comparedPeriod,
  coverageFromSeries,
  periodChange,
  type ChangeDimension,
  type ChangeHeadline,
  type ReportDay,
  type ReportDayRange,
  type RevenueChange,
  type RevenueChangeQueryParsed,
} from '@pc/contracts';
import type { ReportQuery, ReportResult } from '../../../report-engine/report-engine';
import { comparisonQuery } from '../period-comparison';
import { toCents } from './cents';
import { cumulative, PAIR_SEPARATOR, querySplits, type ChangeScope, type SplitsReader } from './change-splits';
import {
  explainDimension,
  joinPeriods,
  memberChanges,
  netChangeCents,
  splitChange,
  type DimensionFacts,
  type Facts,
  type MemberFacts,
} from './revenue-decomposition';

type Query = (q: ReportQuery) => Promise<ReportResult>;

/** Members read per dimension and period; a publisher with more (brands, say) has the rest summed as "everything else". */
const MEMBERS_READ = 2000;

export type { ChangeScope } from './change-splits';

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const factsOf = (totals: ReportResult['totals']): Facts => ({ revenue: num(totals.revenue), impressions: num(totals.impressions) });

/** The compared days of a change query: the report's own rule (comparedPeriod), preset included. */
export function comparedDays(range: ReportDayRange, q: Pick<RevenueChangeQueryParsed, 'preset' | 'compare' | 'compareFrom' | 'compareTo'>) {
  const custom = q.compareFrom && q.compareTo ? { from: q.compareFrom, to: q.compareTo } : null;
  return comparedPeriod(range, q.preset ?? 'custom', q.compare, custom);
}

/**
 * Why the revenue of `range` differs from `compared`'s: ordinary engine queries (through the report
 * cache when the caller's `query` has one), so the totals are the report's. Periods the report would
 * not compare (a partial day, missing or partial compared data) get their reason, not an explanation.
 * `splits` reads the members of each dimension (change-splits.ts): by default through `query` too.
 */
export async function revenueChange(
  query: Query,
  scope: ChangeScope,
  range: ReportDayRange,
  compared: ReportDayRange,
  today: ReportDay,
  splits: SplitsReader = querySplits(query),
): Promise<Omit<RevenueChange, 'currency'>> {
  const [now, before] = await Promise.all([
    query(cumulative(scope, range, [], 0)),
    query(comparisonQuery(cumulative(scope, range, [], 0), compared)),
  ]);
  const totals = { now: factsOf(now.totals), before: factsOf(before.totals) };
  const coverage = {
    current: range.to >= today ? ('partial' as const) : ('complete' as const),
    previous: coverageFromSeries(before, compared, today),
  };
  const change = periodChange(totals.now.revenue, totals.before.revenue, coverage);
  const base = {
    range,
    compared,
    revenue: { current: totals.now.revenue, previous: totals.before.revenue },
    impressions: { current: totals.now.impressions, previous: totals.before.impressions },
    ratio: change.kind === 'change' ? change.ratio : null,
  };
  if (change.kind !== 'change' && change.kind !== 'fromZero') return { ...base, explanation: { kind: change.kind } };
  const total = splitChange(totals.now, totals.before, toCents(totals.now.revenue) - toCents(totals.before.revenue));
  // Sites and product types are the site x product type split summed (revenue and impressions
  // add up), so one explanation reads six splits, not ten: fewer queries for engines that run
  // them one at a time.
  const [pair, size, brand] = await splits(scope, [range, compared], [['sites', 'product_type'], ['size'], ['brand']], MEMBERS_READ);
  const byDimension: Record<ChangeDimension, Omit<DimensionFacts, 'dimension'>> = {
    sites: rollUp(pair!, 0),
    product_type: rollUp(pair!, 1),
    size: size!,
    brand: brand!,
  };
  const dimensions = CHANGE_DIMENSIONS.map((dimension) => explainDimension({ ...byDimension[dimension], dimension }, totals, total));
  return { ...base, explanation: { kind: 'explained', total, dimensions, headline: headlineOf(pair!, total.changeCents) } };
}

/** One part of a pair split (0: site, 1: product type), its members summed across the other part. */
function rollUp(pair: Omit<DimensionFacts, 'dimension'>, part: 0 | 1): Omit<DimensionFacts, 'dimension'> {
  const sum = (members: readonly MemberFacts[]) => {
    const out = new Map<string, MemberFacts>();
    for (const m of members) {
      const value = m.value.split(PAIR_SEPARATOR)[part] ?? '';
      const seen = out.get(value);
      out.set(value, { value, revenue: (seen?.revenue ?? 0) + m.revenue, impressions: (seen?.impressions ?? 0) + m.impressions });
    }
    return [...out.values()];
  };
  return { now: sum(pair.now), before: sum(pair.before), complete: pair.complete };
}

/** The site and product type whose change was largest, in the direction of the total's. */
function headlineOf(pair: { now: MemberFacts[]; before: MemberFacts[] }, changeCents: number): ChangeHeadline | null {
  if (changeCents === 0) return null;
  const members = joinPeriods(pair.now, pair.before);
  const changes = memberChanges(members, netChangeCents(members));
  const sameWay = changes.filter((m) => Math.sign(m.changeCents) === Math.sign(changeCents));
  const top = sameWay.sort((a, b) => Math.abs(b.changeCents) - Math.abs(a.changeCents) || a.value.localeCompare(b.value))[0];
  if (!top) return null;
  const [site = '', productType = ''] = top.value.split(PAIR_SEPARATOR);
  return { ...top, value: `${productType} on ${site}`, site, productType };
}
