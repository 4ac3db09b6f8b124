import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dayToEpochNoon,
  formatDay,
  formatSignedCents,
  resolvePeriods,
  revenueChangeSentence,
  shiftDays,
  todayIn,
  type RevenueChange,
} from '@pc/contracts';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../../test/test-app';
import { demoFactsOptions } from '../../../demo/seed-demo-facts';
import { generateDemoFacts } from '../demo/demo-facts';

/**
 * A revenue report's file carries its "What changed" sentence when the report has a comparison:
 * after the table (a blank line, then one cell), worded and computed as the revenue-change
 * endpoint answers for the same days. Demo facts for Northwind (1001), four months to yesterday.
 */
let t: TestApp;
let multi: string;
const today = todayIn('UTC', new Date());
const yesterday = shiftDays(today, -1);
const { range, compared } = resolvePeriods({ preset: 'thisMonth', compare: 'previous' }, today);

beforeAll(async () => {
  t = await createTestApp();
  multi = (await signIn(t.app, DEMO.multi)).idToken;
  const options = demoFactsOptions(yesterday);
  await generateDemoFacts(t.built.engine, { ...options, months: 4, publishers: options.publishers.filter((p) => p.id === '1001') });
});
afterAll(async () => t.close());

const headers = () => bearer(multi, '1001');
const call = (path: string, query: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/partner-center/${path}?${new URLSearchParams(query).toString()}`, headers: headers() });

const week = { from: shiftDays(yesterday, -6), to: yesterday };
const reportQuery = (days: { from: string; to: string }, extra: Record<string, string> = {}) => ({
  reportType: 'revenue',
  publisherId: '1001',
  dateFrom: String(dayToEpochNoon(days.from)),
  dateTo: String(dayToEpochNoon(days.to)),
  dimensions: 'sites',
  metrics: 'impressions,revenue',
  interval: 'Cumulative',
  ...extra,
});

/** The line the endpoint's answer stands for, as the file must carry it. */
async function expectedLine(query: Record<string, string>): Promise<{ line: string; change: RevenueChange }> {
  const res = await call('revenue-change', query);
  expect(res.statusCode, res.body).toBe(200);
  const change = res.json<RevenueChange>();
  const line = `What changed against ${formatDay(change.compared.from)} to ${formatDay(change.compared.to)}: ${revenueChangeSentence('Revenue', change)}`;
  return { line, change };
}

/** The CSV's last line, unquoted, and the line before it. */
function tail(csv: string): { last: string; blank: string | undefined; total: string | undefined } {
  const lines = csv.replace(/\r\n$/, '').split('\r\n');
  const last = lines.at(-1) ?? '';
  const unquoted = last.startsWith('"') ? last.slice(1, -1).replace(/""/g, '"') : last;
  return { last: unquoted, blank: lines.at(-2), total: lines.at(-3) };
}

describe('what changed in a revenue report file', () => {
  it('a direct CSV download with a comparison ends with the sentence, its totals the endpoint’s', async () => {
    const { line, change } = await expectedLine({ from: week.from, to: week.to });
    const file = await call('report/download', reportQuery(week, { compare: 'previous' }));
    expect(file.statusCode, file.body).toBe(200);
    expect(file.body.startsWith('Site,Impressions,Revenue')).toBe(true);
    const { last, blank, total } = tail(file.body);
    expect(last).toBe(line);
    expect(blank).toBe('');
    expect(total).toMatch(/^Total,/);
    // The money in the sentence is the endpoint's change, and the file's Total is its revenue.
    if (change.explanation.kind !== 'explained') throw new Error(`not explained: ${change.explanation.kind}`);
    expect(last).toContain(formatSignedCents(change.explanation.total.changeCents, change.currency));
    expect(Number(total!.split(',')[2])).toBeCloseTo(change.revenue.current, 2);
  });

  it('a "to date" preset is explained against the same days of the previous month, as the endpoint explains it', async () => {
    const { line, change } = await expectedLine({ from: range.from, to: range.to, preset: 'thisMonth' });
    expect(change.compared).toEqual(compared);
    const file = await call('report/download', reportQuery(range, { compare: 'previous', preset: 'thisMonth' }));
    expect(file.statusCode, file.body).toBe(200);
    expect(tail(file.body).last).toBe(line);
  });

  it('an exported file keeps the comparison it was asked with', async () => {
    const { line } = await expectedLine({ from: week.from, to: week.to, compare: 'yearAgo' });
    const created = await call('report', reportQuery(week, { compare: 'yearAgo', exportReportToFile: 'true' }));
    expect(created.statusCode, created.body).toBe(202);
    await t.built.workers.reportExports.drain();
    const file = await call(
      'report',
      reportQuery(week, { reportId: created.json<{ reportId: string }>().reportId, exportReportToFile: 'true' }),
    );
    expect(file.statusCode, file.body).toBe(200);
    // Four months of facts: a year ago has none, and the file says so rather than explaining noise.
    expect(tail(file.body).last).toBe(line);
    expect(line).toContain('Revenue: ');
  });

  it('a report without a comparison, or not of revenue, has no such line', async () => {
    const plain = await call('report/download', reportQuery(week));
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.body).not.toContain('What changed');
    expect(tail(plain.body).last).toMatch(/^Total,/);
    const created = await call('report', reportQuery(week, { exportReportToFile: 'true' }));
    await t.built.workers.reportExports.drain();
    const exported = await call(
      'report',
      reportQuery(week, { reportId: created.json<{ reportId: string }>().reportId, exportReportToFile: 'true' }),
    );
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.body).not.toContain('What changed');
    const recirculation = await call('report/download', {
      ...reportQuery(week, { compare: 'previous' }),
      reportType: 'recirculation',
      metrics: 'organicPageViews',
    });
    expect(recirculation.statusCode, recirculation.body).toBe(200);
    expect(recirculation.body).not.toContain('What changed');
  });
});
