import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UsageReport } from '@pc/contracts';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../../test/test-app';

// The tests' template database is seeded by seedDemo, which runs this area's demo seeder.
let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await createTestApp();
  staff = (await signIn(t.app, DEMO.staff)).idToken;
});
afterAll(async () => t.close());

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

describe('the demo usage', () => {
  it("puts thirty days of the demo users' page views in the console's usage rollups", async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/usage?from=${day(31)}&to=${day(1)}`, headers: bearer(staff) });
    expect(res.statusCode).toBe(200);
    const r = res.json() as UsageReport;
    expect(r.totals.activeUsers).toBe(4);
    expect(r.totals.pageViews).toBe(r.totals.events / 2);
    expect(r.pages.map((p) => p.page).sort()).toEqual(['/adstxt', '/blocking-rules', '/incidents', '/reports/ad-revenue', '/services']);
    expect(r.partners.map((p) => p.publisherId).sort()).toEqual(['1001', '1002', '1003']);
    // The multi-partner owner is active every day, so every day of the range but the oldest has events.
    expect(r.daily.filter((d) => d.events > 0).length).toBeGreaterThanOrEqual(29);
  });
});
