import { assessLastDay, type Anomaly } from './revenue-anomalies';
import type { RevenueSeries } from './revenue-series';

/**
 * A scope earning less than this share of the publisher's revenue is not alerted on by itself:
 * a few cents' wobble on a tiny product type is noise to the publisher, and its site's or the
 * total's series still carries it when it matters.
 */
export const MIN_SHARE = 0.02;
export const KEY_PREFIX = 'revenue:';

export type Verdict = ReturnType<typeof assessLastDay>;
export interface JudgedSeries {
  series: RevenueSeries;
  verdict: Verdict;
}
export interface RevenueAlert {
  series: RevenueSeries;
  anomaly: Anomaly;
  /** The incident's key: one incident per scope and direction while the problem lasts. */
  key: string;
}

export const incidentKey = (kind: Anomaly['kind'], seriesKey: string) => `${KEY_PREFIX}${kind}:${seriesKey}`;

export function judgeAll(series: readonly RevenueSeries[]): JudgedSeries[] {
  return series.map((s) => ({ series: s, verdict: assessLastDay(s.points) }));
}

const isAnomaly = (v: Verdict): v is Anomaly => typeof v !== 'string';
const sum = (s: RevenueSeries) => s.points.reduce((n, p) => n + p.value, 0);

/**
 * Which anomalies become incidents. Each is raised at the widest scope that shows it: when the
 * publisher's total drops, its sites' drops are that drop, not separate incidents; when a site
 * drops, so do its product types. A scope in the other direction (one site spiking while the
 * total drops) is its own story and is raised. Scopes below MIN_SHARE of the revenue are left.
 */
export function alertsOf(judged: readonly JudgedSeries[]): RevenueAlert[] {
  const total = judged.find((j) => j.series.site === null);
  const totalSum = total ? sum(total.series) : 0;
  const anomalous = new Map<string, Anomaly>();
  for (const j of judged) if (isAnomaly(j.verdict)) anomalous.set(j.series.key, j.verdict);
  const parentKeys = (s: RevenueSeries) => (s.site === null ? [] : s.productType === null ? ['all'] : ['all', `site:${s.siteId}`]);
  const alerts: RevenueAlert[] = [];
  for (const { series, verdict } of judged) {
    if (!isAnomaly(verdict)) continue;
    if (series.site !== null && totalSum > 0 && sum(series) < MIN_SHARE * totalSum) continue;
    if (parentKeys(series).some((k) => anomalous.get(k)?.kind === verdict.kind)) continue;
    alerts.push({ series, anomaly: verdict, key: incidentKey(verdict.kind, series.key) });
  }
  return alerts;
}

/**
 * The open revenue incidents whose scope is back in range: judged this day and not unusual in the
 * incident's direction. A scope that could not be judged (a gap, too little history) keeps its
 * incident open: only a judged day ends it.
 */
export function backInRange(openKeys: readonly string[], judged: readonly JudgedSeries[]): string[] {
  const verdicts = new Map(judged.map((j) => [j.series.key, j.verdict]));
  return openKeys.filter((key) => {
    const match = /^revenue:(drop|spike):(.+)$/.exec(key);
    if (!match) return false;
    const verdict = verdicts.get(match[2]!);
    if (verdict === undefined || verdict === 'unjudged') return false;
    return verdict === 'inRange' || verdict.kind !== match[1];
  });
}
