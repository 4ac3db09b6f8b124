import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DuckDbReportEngine } from '../reports/engine/duckdb-engine';
import { demoEventsSql, type DemoTrafficDay } from './demo/site-tag-demo-events';
import { HORIZON_LAG_MS, refreshOpenRollup } from './site-tag.open-rollup';
import { audienceOverview } from './site-tag.queries';
import { duckDbSiteTagStore, type StoredTagEvent } from './site-tag.store';

const dir = mkdtempSync(path.join(os.tmpdir(), 'pc-tag-open-'));
const engine = new DuckDbReportEngine(path.join(dir, 'facts.duckdb'));
afterAll(async () => {
  await engine.close();
  rmSync(dir, { recursive: true, force: true });
});

const DAY = 86_400_000;
const today = Date.parse(new Date().toISOString().slice(0, 10));
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const PUB = '1201';
const plan = (back: number, siteId: string, pageViews: number): DemoTrafficDay => ({
  publisherId: PUB,
  siteId,
  dayMs: today - back * DAY,
  pageViews,
  slowness: 1,
  lcpMs: 1500,
  countries: ['US', 'GB', 'DE'],
});
const pv = (ts: number, visitor: bigint, pagePath: string): StoredTagEvent => ({
  ts,
  publisherId: PUB,
  siteId: '6001',
  kind: 'pv',
  pageId: `p-${ts}`,
  visitor,
  path: pagePath,
  template: pagePath,
  entry: true,
  referrer: '',
  source: 'direct',
  medium: '(none)',
  campaign: '',
  device: 'mobile',
  browser: 'Firefox',
  country: 'FR',
  engagedMs: null,
  scrollPct: null,
  metric: '',
  value: null,
  attribution: '',
  weight: 1,
});

describe('open days snapshot (today and yesterday)', () => {
  it('gives exactly the raw events’ figures, reads the snapshot, and takes late events at the next refresh', async () => {
    await engine.init();
    const store = duckDbSiteTagStore(engine, { tmpDir: dir });
    await store.init();
    await engine.write((conn) => conn.run(demoEventsSql([1, 0].flatMap((b) => [plan(b, '6001', 300), plan(b, '6002', 150)]))));
    const scope = { publisherId: PUB, siteId: null, from: iso(today - 6 * DAY), to: iso(today) };

    const raw = await audienceOverview(store, scope); // no snapshot yet: the open days from raw events
    const { horizon } = await refreshOpenRollup(store);
    const [snap] = await store.query(
      `SELECT sum(pv)::INTEGER AS n FROM site_tag_open_daily WHERE publisher_id = '${PUB}' AND dim = 'total'`,
    );
    expect(snap?.n).toBeGreaterThan(0);
    expect(await audienceOverview(store, scope)).toEqual(raw);

    // The query reads the snapshot: a changed snapshot row shows in the totals (restored by the next refresh).
    await store.write((run) => run(`UPDATE site_tag_open_daily SET pv = pv + 1000 WHERE publisher_id = '${PUB}' AND dim = 'total'`));
    const [rows] = await store.query(
      `SELECT count(*)::INTEGER AS n FROM site_tag_open_daily WHERE publisher_id = '${PUB}' AND dim = 'total'`,
    );
    expect((await audienceOverview(store, scope)).totals.pageViews).toBe(raw.totals.pageViews + 1000 * Number(rows?.n));
    await refreshOpenRollup(store);
    expect(await audienceOverview(store, scope)).toEqual(raw);

    // After the snapshot: an event past its horizon counts at once; one stamped before it (a beacon
    // delayed by more than HORIZON_LAG_MS) from the next refresh. The same visitor on both: one visitor.
    const { horizon: h2 } = await refreshOpenRollup(store);
    expect(h2).toBeGreaterThanOrEqual(horizon);
    await store.append([pv(Date.now(), 424242n, '/fresh')]);
    const fresh = await audienceOverview(store, scope);
    expect(fresh.totals.pageViews).toBe(raw.totals.pageViews + 1);
    expect(fresh.totals.visitors).toBe(raw.totals.visitors + 1);
    expect(fresh.countries.find((c) => c.key === 'FR')?.value).toBe(1); // the demo plan has no FR visitors
    await store.append([pv(h2 - HORIZON_LAG_MS, 424242n, '/late')]);
    expect((await audienceOverview(store, scope)).totals.pageViews).toBe(raw.totals.pageViews + 1);
    await refreshOpenRollup(store);
    const late = await audienceOverview(store, scope);
    expect(late.totals).toMatchObject({ pageViews: raw.totals.pageViews + 2, visitors: raw.totals.visitors + 1 });
    const [fr] = await store.query(
      `SELECT sum(pv)::INTEGER AS n FROM site_tag_open_daily WHERE publisher_id = '${PUB}' AND dim = 'country' AND k1 = 'FR'`,
    );
    expect(fr?.n).toBe(1); // the late one is in the snapshot now; the fresh one is still past its horizon
    expect(late.countries.find((c) => c.key === 'FR')?.value).toBe(2);
  });
});
