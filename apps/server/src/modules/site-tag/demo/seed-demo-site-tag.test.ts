import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateDemoFacts } from '../../reports';
import { DuckDbReportEngine } from '../../../report-engine/duckdb-engine';
import { demoEventsSql } from './site-tag-demo-events';
import { adRevenueOverview } from '../ad-revenue.queries';
import { duckDbSiteTagStore } from '../site-tag.store';
import { DEMO_PUBLISHERS } from '../../../demo/demo-data';
import { demoFactsOptions } from '../../../demo/seed-demo-facts';
import { DEMO_TAG_SITES, demoTrafficPlan } from './seed-demo-site-tag';

const dir = mkdtempSync(path.join(os.tmpdir(), 'pc-demo-tag-'));
const engine = new DuckDbReportEngine(path.join(dir, 'facts.duckdb'));
afterAll(async () => {
  await engine.close();
  rmSync(dir, { recursive: true, force: true });
});

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('demo site-tag traffic', () => {
  it('samples the big sites so that page RPM over the estimated page views is believable ($3-$30)', async () => {
    const yesterday = Date.parse(new Date().toISOString().slice(0, 10)) - DAY;
    await engine.init();
    await generateDemoFacts(engine, demoFactsOptions(iso(yesterday)));
    const store = duckDbSiteTagStore(engine);
    await store.init();
    // The last two weeks of the demo plan (the whole eight weeks only take longer).
    const plan = (await demoTrafficPlan(store, yesterday)).filter((d) => d.dayMs > yesterday - 14 * DAY);
    for (const d of plan) expect(d.sampleOneIn).toBe(DEMO_TAG_SITES[d.siteId]!.sampleOneIn);
    await engine.write((conn) => conn.run(demoEventsSql(plan)));
    const from = iso(yesterday - 13 * DAY);
    const to = iso(yesterday);
    const rpms: number[] = [];
    for (const p of DEMO_PUBLISHERS) {
      const r = await adRevenueOverview(store, { publisherId: p.id, siteId: null, from, to }, new Map());
      for (const s of r.sites.filter((x) => DEMO_TAG_SITES[x.siteId])) {
        expect(s.pageRpm, `site ${s.siteId}`).not.toBeNull();
        rpms.push(s.pageRpm!);
        // Estimated page views are the recorded ones times the site's sample rate.
        const [rec] = await store.query(
          `SELECT count(*)::INTEGER AS n FROM site_tag_events WHERE site_id = $site AND kind = 'pv'
           AND ts >= $from AND ts < $to`,
          { site: s.siteId, from: Date.parse(from), to: yesterday + DAY },
        );
        expect(s.pageViews).toBe(Number(rec?.n) * DEMO_TAG_SITES[s.siteId]!.sampleOneIn);
      }
    }
    expect(rpms).toHaveLength(Object.keys(DEMO_TAG_SITES).length);
    for (const rpm of rpms) {
      expect(rpm).toBeGreaterThanOrEqual(3);
      expect(rpm).toBeLessThanOrEqual(30);
    }
  });
});
