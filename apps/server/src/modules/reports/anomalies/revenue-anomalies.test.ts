import { describe, expect, it } from 'vitest';
import { shiftDays } from '@pc/contracts';
import { createRandom } from '../../../lib/random';
import { findAnomalies, judgeLastDay, median, type DayValue } from './revenue-anomalies';

/** A standard normal draw (Box-Muller). */
const normal = (rand: () => number) => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());

const DAYS = 400;
const START = '2025-10-01';
/** Days before this one serve as baseline only (eight weeks of them). */
const JUDGED_FROM = shiftDays(START, 56);

/**
 * One site's daily revenue: its own level, weekly shape and slow trend, with day-to-day noise of
 * 8 % (log-normal): what a site's revenue looks like before anything goes wrong.
 */
function siteSeries(rand: () => number): DayValue[] {
  const level = 50 + rand() * 5000;
  const week = [0.82, 1, 1.04, 1.06, 1.02, 0.95, 0.78].map((w) => w * (0.93 + rand() * 0.14));
  const trend = (rand() - 0.5) * 0.4;
  return Array.from({ length: DAYS }, (_, i) => {
    const date = shiftDays(START, i);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    const value = level * week[weekday]! * (1 + (trend * i) / DAYS) * Math.exp(0.08 * normal(rand));
    return { date, value };
  });
}

/** Injects one-day drops of 30-60 % at least three weeks apart; returns their days. */
function injectDrops(series: DayValue[], rand: () => number): Set<string> {
  const days = new Set<string>();
  for (let i = 60 + Math.floor(rand() * 21); i < DAYS; i += 21 + Math.floor(rand() * 40)) {
    series[i] = { date: series[i]!.date, value: series[i]!.value * (1 - (0.3 + rand() * 0.3)) };
    days.add(series[i]!.date);
  }
  return days;
}

/** Twelve weeks of a steady series (a weekly shape, 2 % wobble), then `last` on the next day. */
function steady(last: number | ((expected: number) => number), override: (i: number, v: number) => number = (_, v) => v): DayValue[] {
  const shape = [80, 100, 104, 106, 102, 95, 78];
  const wobble = [1, 1.02, 0.98, 1.01, 0.99, 1.015, 0.985, 1.005];
  const days: DayValue[] = Array.from({ length: 84 }, (_, i) => ({
    date: shiftDays('2026-08-31', i),
    value: override(i, shape[i % 7]! * wobble[i % 8]!),
  }));
  const expected = shape[84 % 7]!;
  days.push({ date: shiftDays('2026-08-31', 84), value: typeof last === 'number' ? last : last(expected) });
  return days;
}

describe('the seasonal baseline', () => {
  it('compares a day with the same weekday of the weeks before, by median and a pooled MAD', () => {
    // Mondays around 80: a Monday at 48 is a 40 % drop, far outside the spread; 76 is not.
    expect(judgeLastDay(steady(48))).toMatchObject({ kind: 'drop', date: '2026-11-23' });
    expect(judgeLastDay(steady(48))!.change).toBeCloseTo(-0.4, 1);
    expect(judgeLastDay(steady(76))).toBeNull();
  });

  it('is not thrown by outages in the baseline (a mean would be)', () => {
    // Two of the eight Mondays before had no revenue at all.
    const withOutages = steady(52, (i, v) => (i === 77 || i === 63 ? 0 : v));
    expect(median([80, 0, 81, 79, 0, 80, 82, 78])).toBe(79.5);
    expect(judgeLastDay(withOutages)).toMatchObject({ kind: 'drop' });
  });

  it('calls a day without any revenue a drop', () => {
    expect(judgeLastDay(steady(0))).toMatchObject({ kind: 'drop', change: -1 });
  });

  it('does not judge a day with fewer than four same-weekday values before it', () => {
    const short = steady(10).slice(-22);
    expect(judgeLastDay(short)).toBeNull();
  });

  it('follows a step in revenue (a season of higher CPMs) within days, and still sees a drop after it', () => {
    // From three weeks before the judged Monday, every day earns 40 % more than the weeks before.
    const stepped = (last: number) => steady(last, (i, v) => (i >= 63 ? v * 1.4 : v));
    expect(judgeLastDay(stepped(80 * 1.4))).toBeNull();
    expect(judgeLastDay(stepped(80 * 1.4 * 0.55))).toMatchObject({ kind: 'drop' });
    expect(judgeLastDay(stepped(80 * 1.4 * 0.55))!.change).toBeCloseTo(-0.45, 1);
  });

  it('flags a spike as a spike', () => {
    expect(judgeLastDay(steady(144))).toMatchObject({ kind: 'spike' });
  });
});

describe('on generated revenue with injected drops', () => {
  const SITES = 300;

  it('finds at least 90 % of one-day drops of 30 % or more, with at most one false alarm per site per 90 clean days', () => {
    const rand = createRandom(20261128);
    let injected = 0;
    let found = 0;
    let flagged = 0;
    for (let s = 0; s < SITES; s += 1) {
      const series = siteSeries(rand);
      const drops = injectDrops(series, rand);
      const alarms = findAnomalies(series, JUDGED_FROM).filter((a) => a.kind === 'drop');
      injected += drops.size;
      found += alarms.filter((a) => drops.has(a.date)).length;
      flagged += alarms.length;
    }
    let worstPer90 = 0;
    let falseAlarms = 0;
    const judgedDays = DAYS - 56;
    for (let s = 0; s < SITES; s += 1) {
      const alarms = findAnomalies(siteSeries(rand), JUDGED_FROM).length;
      falseAlarms += alarms;
      worstPer90 = Math.max(worstPer90, (alarms * 90) / judgedDays);
    }
    const recall = found / injected;
    const precision = found / flagged;
    const meanPer90 = (falseAlarms * 90) / (judgedDays * SITES);
    console.log(
      `Revenue anomalies on ${SITES} generated sites x ${DAYS} days (8 % daily noise): recall ${recall.toFixed(3)} (${found} of ${injected} one-day drops of 30-60 %), precision ${precision.toFixed(3)}; on clean data ${falseAlarms} false alarms, ${meanPer90.toFixed(3)} per site per 90 days (worst site ${worstPer90.toFixed(2)})`,
    );
    expect(recall).toBeGreaterThanOrEqual(0.9);
    expect(worstPer90).toBeLessThanOrEqual(1);
  });
});
