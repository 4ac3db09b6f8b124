import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftDays, todayIn, type Monitor } from '@pc/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { demoFactsOptions } from '../../demo/seed-demo-facts';
import type { ReportEngine, ReportQuery } from '../../report-engine/report-engine';
import { generateDemoFacts } from '../reports';
import { priceDowntime } from './pricing';
import { createRevenueAtRiskService, type RevenueAtRiskDeps } from './revenue-at-risk.service';
import { revenueDaysOf, siteRevenueOf } from './revenue-facts';

/**
 * How many report queries one revenue-at-risk answer costs: Northwind (1001) with its two demo
 * sites, then with six more, each site watched by a monitor that was down an hour, so its
 * downtime is priced from its own revenue by weekday. The engine is the uncached one, counted.
 */
let t: TestApp;
const yesterday = shiftDays(todayIn('UTC', new Date()), -1);
const range = { from: shiftDays(yesterday, -27), to: yesterday };
const downDay = shiftDays(yesterday, -3);
const EXTRA = Array.from({ length: 6 }, (_, i) => ({ id: `59${i + 10}`, name: `Northwind Extra ${i + 1}` }));

beforeAll(async () => {
  t = await createTestApp();
  const options = demoFactsOptions(yesterday);
  const publishers = options.publishers
    .filter((p) => p.id === '1001')
    .map((p) => ({ ...p, sites: [...p.sites, ...EXTRA.map((s) => ({ ...s, organic: false, active: true }))] }));
  await generateDemoFacts(t.built.engine, { ...options, months: 2, publishers });
});
afterAll(async () => t.close());

/** The service on the counted engine; no domains, rules or tag data, one monitor per site id. */
function counted() {
  const queries: ReportQuery[] = [];
  const engine = new Proxy(t.built.engine, {
    get(target, prop) {
      if (prop === 'query')
        return (q: ReportQuery) => {
          queries.push(q);
          return target.query(q);
        };
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  const monitorOf = (siteId: string) => ({ id: `m-${siteId}`, name: siteId, siteId, url: 'https://x.example/', status: 'up' }) as Monitor;
  const siteIds = ['5001', '5002', ...EXTRA.map((s) => s.id)];
  const deps: RevenueAtRiskDeps = {
    db: t.db,
    engine: engine as ReportEngine,
    adsTxt: { list: async () => [] },
    monitors: {
      list: async () => siteIds.map(monitorOf),
      dailyChecks: async () => siteIds.map((id) => ({ monitorId: `m-${id}`, day: downDay, checks: 1440, upChecks: 1380 })),
    },
    blockingRules: { list: async () => [] },
    siteTag: { adRevenue: async () => ({ rpmByLcp: [] }) as unknown as Awaited<ReturnType<RevenueAtRiskDeps['siteTag']['adRevenue']>> },
  };
  return { risk: createRevenueAtRiskService(deps), queries };
}

const ctx = { uid: 'test', publisherId: '1001' };

describe('revenue at risk: report queries per answer', () => {
  it('stay three however many sites the publisher has, and every site is priced as its own reads price it', async () => {
    const two = counted();
    const before = await two.risk.revenueAtRisk(ctx, {});
    expect(before.sites.map((s) => s.siteId).sort()).toEqual(['5001', '5002']);
    expect(two.queries).toHaveLength(3);

    await t.db
      .insertInto('sites')
      .values(EXTRA.map((s) => ({ ...s, publisher_id: '1001', domain: `${s.id}.northwind-news.example` })))
      .execute();
    const eight = counted();
    const after = await eight.risk.revenueAtRisk(ctx, {});
    expect(after.sites).toHaveLength(8);
    expect(eight.queries).toHaveLength(3);

    const revenueDays = await revenueDaysOf(t.built.engine, '1001', range);
    for (const s of after.sites) {
      const own = await siteRevenueOf(t.built.engine, '1001', s.siteId, range);
      const expected = priceDowntime({
        monitors: [{ label: 'm', href: '/m' }],
        days: [{ day: downDay, checks: 1440, upChecks: 1380 }],
        revenueByWeekday: own.byWeekday,
        revenueDays,
      });
      const cause = s.causes.find((c) => c.kind === 'downtime')!;
      expect(cause.status, s.siteId).toBe('priced');
      expect({ amountPerDay: cause.amountPerDay, inputs: cause.inputs }, s.siteId).toEqual({
        amountPerDay: expected.amountPerDay,
        inputs: expected.inputs,
      });
    }
  });
});
