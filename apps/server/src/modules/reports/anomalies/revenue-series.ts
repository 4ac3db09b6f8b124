import { dayOfNumber } from '@pc/contracts';
import type { DailyRevenueSeries } from '../../../report-engine/report-engine';
import type { DayValue } from './revenue-anomalies';

/** Days read per scan: the judged day's spread needs 56 days of residuals, each against 8 weeks before it. */
export const SCAN_WINDOW_DAYS = 120;

/** What a series is of: everything, one site, or one product type of one site. */
export interface SeriesScope {
  /** The site's id; null for all sites. */
  siteId: string | null;
  /** The site as people know it (its name, or its id when the portal has none); null for all sites. */
  site: string | null;
  productType: string | null;
}

export interface RevenueSeries extends SeriesScope {
  /** Stable while the scope exists (ids, not names): part of the incident's key. */
  key: string;
  points: DayValue[];
}

/**
 * One publisher's total, each site and each site x product type as daily series over the days
 * `from`..`to` (day numbers, inclusive), from the engine's series of that publisher. A day on which
 * the publisher has facts but a scope has none counts as zero for it (its revenue stopped); a day
 * without any fact is missing for every scope (not loaded yet), never a zero.
 */
export function revenueSeries(
  facts: readonly DailyRevenueSeries[],
  window: { from: number; to: number },
  siteNames: ReadonlyMap<string, string> = new Map(),
): RevenueSeries[] {
  const length = window.to - window.from + 1;
  const loaded = new Uint8Array(length);
  for (const f of facts) for (const d of f.days) if (d >= window.from && d <= window.to) loaded[d - window.from] = 1;
  const loadedAt: number[] = [];
  for (let i = 0; i < length; i += 1) if (loaded[i]) loadedAt.push(i);
  const dates = loadedAt.map((i) => dayOfNumber(window.from + i));

  const byScope = new Map<string, { scope: SeriesScope; values: Float64Array }>();
  const valuesOf = (key: string, scope: SeriesScope) => {
    let entry = byScope.get(key);
    if (!entry) byScope.set(key, (entry = { scope, values: new Float64Array(length) }));
    return entry.values;
  };
  const total = valuesOf('all', { siteId: null, site: null, productType: null });
  for (const f of facts) {
    const site = siteNames.get(f.siteId) ?? f.siteId;
    const ofSite = valuesOf(`site:${f.siteId}`, { siteId: f.siteId, site, productType: null });
    const ofPair = valuesOf(`site:${f.siteId}:${f.productType}`, { siteId: f.siteId, site, productType: f.productType });
    f.days.forEach((d, k) => {
      if (d < window.from || d > window.to) return;
      const revenue = Number.isFinite(f.revenue[k]) ? f.revenue[k]! : 0;
      const at = d - window.from;
      total[at] = total[at]! + revenue;
      ofSite[at] = ofSite[at]! + revenue;
      ofPair[at] = ofPair[at]! + revenue;
    });
  }
  if (loadedAt.length === 0) return [];
  return [...byScope.entries()].map(([key, { scope, values }]) => ({
    ...scope,
    key,
    points: loadedAt.map((i, k) => ({ date: dates[k]!, value: values[i]! })),
  }));
}
