import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DuckDbReportEngine } from '../../../report-engine/duckdb-engine';
import { duckDbSiteTagStore } from '../site-tag.store';
import { audienceOverview, sitePerformance } from '../site-tag.queries';
import { DEMO_PAGE_PREFIX, demoEventsSql, type DemoTrafficDay } from './site-tag-demo-events';

const dirs: string[] = [];
const engines: DuckDbReportEngine[] = [];
afterAll(async () => {
  for (const e of engines) await e.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const DAY = Date.parse('2026-11-02T00:00:00Z');
const plan: DemoTrafficDay[] = [
  { publisherId: '1001', siteId: '5001', dayMs: DAY, pageViews: 400, slowness: 1, lcpMs: 1000, countries: ['US', 'CA'] },
  { publisherId: '1001', siteId: '5001', dayMs: DAY + 86_400_000, pageViews: 250.4, slowness: 1.5, lcpMs: 1000, countries: ['US'] },
  { publisherId: '1002', siteId: '5101', dayMs: DAY, pageViews: 300, slowness: 1, lcpMs: 2000, countries: ['DE'] },
];

async function generated(): Promise<DuckDbReportEngine> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pc-tag-demo-'));
  dirs.push(dir);
  const engine = new DuckDbReportEngine(path.join(dir, 'facts.duckdb'));
  engines.push(engine);
  await engine.init();
  await duckDbSiteTagStore(engine).init();
  await engine.write(async (conn) => {
    await conn.run(demoEventsSql(plan));
  });
  return engine;
}

describe('demo site-tag events', () => {
  it('makes exactly the planned page views, deterministically, with engagement and vitals for the same pages', async () => {
    const [a, b] = [await generated(), await generated()];
    const summary = (e: DuckDbReportEngine) =>
      e.runSql(
        `SELECT site_id, kind, count(*)::INTEGER AS n, sum(hash(ts, page_id, visitor, path, source, device, country, value))::VARCHAR AS h
         FROM site_tag_events GROUP BY ALL ORDER BY ALL`,
      );
    const sa = await summary(a);
    expect(sa).toEqual(await summary(b));
    const pv = (site: string) => sa.find((r) => r.site_id === site && r.kind === 'pv')?.n;
    expect(pv('5001')).toBe(650);
    expect(pv('5101')).toBe(300);
    const [orphans] = await a.runSql(
      `SELECT count(*)::INTEGER AS n FROM site_tag_events e WHERE kind <> 'pv'
       AND NOT EXISTS (SELECT 1 FROM site_tag_events p WHERE p.kind = 'pv' AND p.page_id = e.page_id AND p.device = e.device)`,
    );
    expect(orphans?.n).toBe(0);
    const [prefix] = await a.runSql(`SELECT bool_and(starts_with(page_id, '${DEMO_PAGE_PREFIX}')) AS ok FROM site_tag_events`);
    expect(prefix?.ok).toBe(true);
  });

  it('feeds the audience and performance queries with plausible figures', async () => {
    const store = duckDbSiteTagStore(await generated());
    const scope = { publisherId: '1001', siteId: null, from: '2026-11-02', to: '2026-11-03' };
    const audience = await audienceOverview(store, scope);
    expect(audience.totals.pageViews).toBe(650);
    expect(audience.totals.visits).toBeGreaterThan(300);
    expect(audience.totals.visits).toBeLessThan(520);
    expect(audience.totals.avgScrollDepth).toBeGreaterThan(15);
    expect(audience.devices.map((d) => d.key).sort()).toEqual(['desktop', 'mobile', 'tablet']);
    expect(audience.countries.map((c) => c.key).sort()).toEqual(['CA', 'US']);
    expect(audience.series.map((s) => s.date)).toEqual(['2026-11-02', '2026-11-03']);
    const perf = await sitePerformance(store, scope);
    expect(perf.overall.map((v) => v.metric)).toEqual(['CLS', 'FCP', 'INP', 'LCP', 'TTFB']);
    // The slow day (x1.5) has the higher LCP.
    const lcp = perf.series.filter((s) => s.metric === 'LCP').map((s) => s.p75);
    expect(lcp[1]).toBeGreaterThan(lcp[0]!);
    expect(perf.worstPages[0]?.element).not.toBe('');
  });
});
