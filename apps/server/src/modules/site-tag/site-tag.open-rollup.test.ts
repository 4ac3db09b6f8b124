import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DuckDbReportEngine } from '../../report-engine/duckdb-engine';
import { demoEventsSql, type DemoTrafficDay } from './demo/site-tag-demo-events';
import { clearOpenRollup, HORIZON_LAG_MS, refreshOpenRollup } from './site-tag.open-rollup';
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

  it('merges the raw events after its horizon into its visitors and pages exactly (visitors and engagement from the snapshot)', async () => {
    const store = duckDbSiteTagStore(engine, { tmpDir: dir });
    const scope = { publisherId: PUB, siteId: null, from: iso(today - 6 * DAY), to: iso(today) };
    await refreshOpenRollup(store);
    // The first page matching a condition, in the order given.
    const pick = async (...wheres: string[]) => {
      for (const where of wheres) {
        const [r] = await store.query(
          `SELECT page_id, site_id, strftime(day, '%Y-%m-%d') AS d, et, sd FROM site_tag_open_pages
           WHERE publisher_id = '${PUB}' AND ${where} ORDER BY page_id LIMIT 1`,
        );
        if (r) return { pageId: String(r.page_id), siteId: String(r.site_id), day: String(r.d), et: Number(r.et), sd: Number(r.sd) };
      }
      throw new Error(`no page in the snapshot where ${wheres.join(' or ')}`);
    };
    // Today's, if it has one yet: just after midnight UTC the demo traffic has no engaged page today.
    const engaged = await pick(
      `has_en AND day = '${iso(today)}' AND et < 100000`,
      `has_en AND day = '${iso(today - DAY)}' AND et < 100000`,
    );
    const yesterday = await pick(`has_en AND day = '${iso(today - DAY)}' AND sd < 90`);
    const unengaged = await pick(`NOT has_en AND day IS NOT NULL`);
    // A visitor of the snapshot, today's if it has one yet: just after midnight UTC the snapshot
    // (events up to its horizon, a few minutes ago) may hold no visitor of the smaller site today.
    const [seen] = await store.query(
      `SELECT visitor::VARCHAR AS v FROM site_tag_open_visitors WHERE publisher_id = '${PUB}' AND site_id = '6002'
       AND day IN ('${iso(today)}', '${iso(today - DAY)}') ORDER BY day DESC LIMIT 1`,
    );
    expect(seen).toBeDefined();
    const now = Date.now();
    const en = (pageId: string, siteId: string, ms: number, pct: number): StoredTagEvent => ({
      ...pv(now, 0n, '/x'),
      kind: 'en',
      pageId,
      siteId,
      entry: false,
      engagedMs: ms,
      scrollPct: pct,
    });
    await store.append([
      en(engaged.pageId, engaged.siteId, engaged.et + 90_000, 100), // a snapshot page reads on: its maxima grow
      en(engaged.pageId, engaged.siteId, 1, 1), // smaller than its snapshot maxima: changes nothing
      en(yesterday.pageId, yesterday.siteId, yesterday.et + 5_000, 95), // counts on its page view's day, yesterday
      en(unengaged.pageId, unengaged.siteId, 12_000, 40), // a page view of the snapshot now engaged: one more page
      { ...pv(now, 777n, '/new'), pageId: 'after-horizon' }, // a page wholly after the horizon
      en('after-horizon', '6001', 30_000, 60),
      { ...pv(now, BigInt(String(seen!.v)), '/again'), siteId: '6002', pageId: 'again' }, // a visitor the snapshot has: no new visitor
      { ...pv(now, BigInt(String(seen!.v)), '/again'), siteId: '6002', pageId: 'again-10', weight: 10 }, // ... seen at weight 10 now
    ]);
    const merged = await audienceOverview(store, scope);
    await clearOpenRollup(store); // no snapshot: every open day from the raw events
    const raw = await audienceOverview(store, scope);
    expect(merged).toEqual(raw);
    expect(raw.series.at(-1)!.visitors).toBeGreaterThan(0);
    await refreshOpenRollup(store);
    expect(await audienceOverview(store, scope)).toEqual(raw);
  });

  it('reads again when more raw events arrive during a query than it counted before it', async () => {
    const store = duckDbSiteTagStore(engine, { tmpDir: dir });
    const scope = { publisherId: PUB, siteId: '6001', from: iso(today), to: iso(today) };
    await refreshOpenRollup(store);
    const before = await audienceOverview(store, scope);
    const now = Date.now();
    const burst = Array.from({ length: 2500 }, (_, i) => ({ ...pv(now, BigInt(9_000_000 + i), '/burst'), pageId: `burst-${i}` }));
    const query = store.query.bind(store);
    let appended = false;
    // The burst lands between the range's count of raw events and its main statement (the previous
    // period, yesterday, is counted concurrently with an end a day earlier: not that one).
    store.query = async (sql, params) => {
      const rows = await query(sql, params);
      if (!appended && sql.startsWith('SELECT count(*) AS n FROM site_tag_events') && sql.includes(`ts < ${today + 2 * DAY}`)) {
        appended = true;
        await store.append(burst);
      }
      return rows;
    };
    const after = await audienceOverview(store, scope);
    expect(appended).toBe(true);
    expect(after.totals.pageViews).toBe(before.totals.pageViews + 2500);
    expect(after.totals.visitors).toBe(before.totals.visitors + 2500);
    expect(after.topPages.find((p) => p.key === '/burst')?.value).toBe(2500);
  });
});
