import { describe, expect, it } from 'vitest';
import { dayNumber, shiftDays } from '@pc/contracts';
import { alertsOf, backInRange, judgeAll, type JudgedSeries } from './revenue-alerts';
import { alertTitle } from './revenue-alert-text';
import type { DailyRevenueSeries } from '../../../report-engine/report-engine';
import { revenueSeries, type RevenueSeries } from './revenue-series';

const LAST = '2026-11-27'; // a Friday

interface DailyRevenueRow {
  date: string;
  site: string;
  productType: string;
  revenue: number;
}

/** Day rows as the engine reads them (a series per site and product type), over the rows' own days. */
function seriesOf(rows: readonly DailyRevenueRow[], siteNames?: ReadonlyMap<string, string>): RevenueSeries[] {
  const facts = new Map<string, DailyRevenueSeries>();
  for (const r of [...rows].sort((a, b) => a.date.localeCompare(b.date))) {
    const key = `${r.site}/${r.productType}`;
    if (!facts.has(key)) facts.set(key, { publisherId: 'P', siteId: r.site, productType: r.productType, days: [], revenue: [] });
    facts.get(key)!.days.push(dayNumber(r.date));
    facts.get(key)!.revenue.push(r.revenue);
  }
  const days = rows.map((r) => dayNumber(r.date));
  return revenueSeries([...facts.values()], { from: Math.min(...days), to: Math.max(...days) }, siteNames);
}
const DAYS = 120;

/** Steady daily revenue per site and product type (a weekly shape, a small deterministic wobble), the last day scaled. */
function rows(scopes: Record<string, number>, lastDayFactor: Record<string, number> = {}): DailyRevenueRow[] {
  const out: DailyRevenueRow[] = [];
  for (let i = DAYS - 1; i >= 0; i -= 1) {
    const date = shiftDays(LAST, -i);
    const weekly = [0.8, 1, 1.05, 1.1, 1.05, 1, 0.85][new Date(`${date}T00:00:00Z`).getUTCDay()]!;
    for (const [scope, base] of Object.entries(scopes)) {
      const [site, productType] = scope.split('/') as [string, string];
      const wobble = 1 + 0.04 * Math.sin(i * 1.7 + base);
      const factor = i === 0 ? (lastDayFactor[scope] ?? 1) : 1;
      out.push({ date, site, productType, revenue: base * weekly * wobble * factor });
    }
  }
  return out;
}

const keys = (judged: JudgedSeries[]) => alertsOf(judged).map((a) => a.key);

describe('which revenue anomalies become incidents', () => {
  it('a site that halves is one incident for the site, not also one per product type, when the total stays in range', () => {
    const judged = judgeAll(
      seriesOf(rows({ 'Big/Display': 800, 'Small/Display': 150, 'Small/Video': 50 }, { 'Small/Display': 0.4, 'Small/Video': 0.4 })),
    );
    expect(keys(judged)).toEqual(['revenue:drop:site:Small']);
    const alert = alertsOf(judged)[0]!;
    expect(alert.anomaly.change).toBeCloseTo(-0.6, 1);
    expect(alertTitle(alert.series, alert.anomaly)).toMatch(/^Revenue drop on Small: −6\d\.\d% against a usual Friday$/);
  });

  it('a drop of the whole publisher is raised once, across all sites', () => {
    const judged = judgeAll(seriesOf(rows({ 'A/Display': 500, 'B/Display': 500 }, { 'A/Display': 0.3, 'B/Display': 0.3 })));
    expect(keys(judged)).toEqual(['revenue:drop:all']);
    const alert = alertsOf(judged)[0]!;
    expect(alertTitle(alert.series, alert.anomaly)).toMatch(/^Revenue drop across all sites: /);
  });

  it('a product type that stops on one site is raised for that product type, named first', () => {
    const judged = judgeAll(seriesOf(rows({ 'A/Display': 500, 'A/Video': 100, 'B/Display': 500 }, { 'A/Video': 0 })));
    const alerts = alertsOf(judged);
    expect(alerts.map((a) => a.key)).toEqual(['revenue:drop:site:A:Video']);
    expect(alerts[0]!.anomaly.change).toBe(-1);
    expect(alertTitle(alerts[0]!.series, alerts[0]!.anomaly)).toBe('Video revenue drop on A: −100.0% against a usual Friday');
  });

  it('a spike beside a drop is its own story; a scope under 2 % of the revenue is left alone', () => {
    const judged = judgeAll(
      seriesOf(rows({ 'A/Display': 1000, 'B/Display': 400, 'Tiny/Display': 10 }, { 'A/Display': 0.5, 'B/Display': 2, 'Tiny/Display': 0 })),
    );
    expect(keys(judged).sort()).toEqual(['revenue:drop:site:A', 'revenue:spike:site:B']);
  });

  it('an ordinary day raises nothing', () => {
    expect(keys(judgeAll(seriesOf(rows({ 'A/Display': 500, 'A/Video': 120, 'B/Display': 300 }))))).toEqual([]);
  });
});

describe('which revenue incidents end', () => {
  const normal = judgeAll(seriesOf(rows({ 'A/Display': 500, 'B/Display': 300 })));

  it('ends the incidents whose scope is judged in range, and a drop whose scope now spikes', () => {
    const spiking = judgeAll(seriesOf(rows({ 'A/Display': 500, 'B/Display': 300 }, { 'B/Display': 2.5 })));
    expect(backInRange(['revenue:drop:site:A', 'revenue:drop:all'], normal)).toEqual(['revenue:drop:site:A', 'revenue:drop:all']);
    expect(backInRange(['revenue:drop:site:B', 'revenue:spike:site:B'], spiking)).toEqual(['revenue:drop:site:B']);
  });

  it('keeps an incident open while its scope cannot be judged (gone from the data, too little history)', () => {
    const young = judgeAll(seriesOf(rows({ 'A/Display': 500 }).filter((r) => r.date >= shiftDays(LAST, -10))));
    expect(backInRange(['revenue:drop:site:Gone', 'other:key'], normal)).toEqual([]);
    expect(backInRange(['revenue:drop:site:A'], young)).toEqual([]);
  });
});

describe('revenue series', () => {
  it('a scope without facts on a loaded day counts zero that day; a day nobody has is missing', () => {
    const series = seriesOf([
      { date: '2026-11-01', site: 'A', productType: 'Display', revenue: 5 },
      { date: '2026-11-01', site: 'B', productType: 'Video', revenue: 3 },
      { date: '2026-11-03', site: 'A', productType: 'Display', revenue: 7 },
    ]);
    const of = (key: string) => series.find((s) => s.key === key)!.points;
    expect(of('all')).toEqual([
      { date: '2026-11-01', value: 8 },
      { date: '2026-11-03', value: 7 },
    ]);
    expect(of('site:B:Video')).toEqual([
      { date: '2026-11-01', value: 3 },
      { date: '2026-11-03', value: 0 },
    ]);
    expect(series.map((s) => s.key).sort()).toEqual(['all', 'site:A', 'site:A:Display', 'site:B', 'site:B:Video']);
  });

  it('keys scopes by site id and names them by the portal name; days outside the window are left out', () => {
    const facts: DailyRevenueSeries[] = [
      { publisherId: 'P', siteId: 's1', productType: 'Video', days: [dayNumber('2026-11-01'), dayNumber('2026-11-02')], revenue: [4, 6] },
    ];
    const series = revenueSeries(facts, { from: dayNumber('2026-11-02'), to: dayNumber('2026-11-02') }, new Map([['s1', 'Alpha News']]));
    expect(series.find((s) => s.key === 'site:s1:Video')).toEqual({
      key: 'site:s1:Video',
      siteId: 's1',
      site: 'Alpha News',
      productType: 'Video',
      points: [{ date: '2026-11-02', value: 6 }],
    });
    expect(revenueSeries(facts, { from: dayNumber('2026-11-05'), to: dayNumber('2026-11-06') })).toEqual([]);
  });
});
