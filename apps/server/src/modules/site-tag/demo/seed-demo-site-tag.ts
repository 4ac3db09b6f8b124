import type { Logger } from 'pino';
import type { Db } from '../../../db/pool';
import { ClickHouseReportEngine } from '../../../report-engine/clickhouse-engine';
import { DuckDbReportEngine } from '../../../report-engine/duckdb-engine';
import type { ReportEngine } from '../../../report-engine/report-engine';
import { replaceDemoEvents } from './site-tag-demo-append';
import { DEMO_PAGE_PREFIX, type DemoTrafficDay } from './site-tag-demo-events';
import { clickHouseSiteTagStore } from '../site-tag.clickhouse-store';
import { siteTagRepo } from '../site-tag.repo';
import { duckDbSiteTagStore, type SiteTagEventStore } from '../site-tag.store';
import { DEMO_PUBLISHERS } from '../../../demo/demo-data';

const DAY_MS = 86_400_000;
/** Eight weeks: a 28-day range has a whole previous period to compare with. */
export const DEMO_TAG_DAYS = 56;

interface SiteProfile {
  /**
   * Page RPM on a normal day (real page RPMs are roughly $1-$30): the site-day's estimated page
   * views are its revenue facts / RPM x 1000.
   */
  rpm: number;
  /**
   * The site's tag sample rate, one page load in N: the demo revenue facts are large for a demo's
   * traffic, so a realistic RPM means millions of page views a day; sampled as a big site would be,
   * only 1/N of them are generated (a quick first start), each weighing N.
   */
  sampleOneIn: number;
  lcpMs: number;
  countries: readonly string[];
  /** Days before the end (1 = yesterday) when the site was slow: LCP x1.5 and RPM x0.8. */
  slow: readonly [number, number];
  /** LCP multiplier on the slow days (1.5 when not set). */
  slowness?: number;
}

const US = ['US', 'US', 'US', 'US', 'US', 'US', 'CA', 'CA', 'GB', 'AU', 'IN', 'DE', 'MX'];
const DE = ['DE', 'DE', 'DE', 'DE', 'DE', 'AT', 'AT', 'CH', 'NL', 'PL', 'US', 'FR'];
const GB = ['GB', 'GB', 'GB', 'GB', 'GB', 'IE', 'US', 'US', 'AU', 'FR', 'ES', 'IN'];

/**
 * Northwind Sport (5002) gets no generated events on purpose: it is the site a newcomer installs
 * the tag on (the demo page), so the setup flow, "not receiving data yet" and the first page view
 * arriving can all be seen.
 */
export const DEMO_TAG_SITES: Record<string, SiteProfile> = {
  // Northwind News' slow days are slow enough to leave the "good" LCP bucket: revenue at risk prices
  // its page speed gap on `npm start`.
  '5001': { rpm: 11, sampleOneIn: 20, lcpMs: 1050, countries: US, slow: [3, 6], slowness: 2.4 },
  '5101': { rpm: 9, sampleOneIn: 20, lcpMs: 1300, countries: DE, slow: [30, 36] },
  '5201': { rpm: 12.5, sampleOneIn: 20, lcpMs: 1150, countries: GB, slow: [45, 47] },
  '5202': { rpm: 19, sampleOneIn: 10, lcpMs: 1600, countries: GB, slow: [8, 20] },
  '5301': { rpm: 8, sampleOneIn: 20, lcpMs: 1250, countries: US, slow: [12, 14] },
};

const num = (v: unknown) => (typeof v === 'bigint' ? Number(v) : typeof v === 'number' || typeof v === 'string' ? Number(v) : 0);

/** The plan: one entry per site and day, page views from the demo revenue facts (or a fixed size without them). */
export async function demoTrafficPlan(store: SiteTagEventStore, endDayMs: number): Promise<DemoTrafficDay[]> {
  const firstMs = endDayMs - (DEMO_TAG_DAYS - 1) * DAY_MS;
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  // The report facts are in the store's database (DuckDB file or ClickHouse), in its dialect.
  const revenue = await store.query(
    store.dialect === 'duckdb'
      ? `SELECT site_id, strftime(date, '%Y-%m-%d') AS d, sum(revenue) AS r FROM revenue_sales
         WHERE date BETWEEN CAST($from AS DATE) AND CAST($to AS DATE) GROUP BY ALL`
      : `SELECT site_id, toString(date) AS d, sum(revenue) AS r FROM revenue_sales
         WHERE date BETWEEN {from:Date} AND {to:Date} GROUP BY site_id, d`,
    { from: iso(firstMs), to: iso(endDayMs) },
  );
  const revenueOf = new Map(revenue.map((r) => [`${String(r.site_id)}|${String(r.d)}`, num(r.r)]));
  const days: DemoTrafficDay[] = [];
  for (const publisher of DEMO_PUBLISHERS) {
    for (const site of publisher.sites) {
      const profile = DEMO_TAG_SITES[site.id];
      if (!profile || !site.active) continue;
      for (let back = DEMO_TAG_DAYS; back >= 1; back--) {
        const dayMs = endDayMs - (back - 1) * DAY_MS;
        const slow = back >= profile.slow[0] && back <= profile.slow[1];
        const rev = revenueOf.get(`${site.id}|${iso(dayMs)}`) ?? 100;
        days.push({
          publisherId: publisher.id,
          siteId: site.id,
          dayMs,
          pageViews: (rev * 1000) / (profile.rpm * (slow ? 0.8 : 1)) / profile.sampleOneIn,
          sampleOneIn: profile.sampleOneIn,
          slowness: slow ? (profile.slowness ?? 1.5) : 1,
          lcpMs: profile.lcpMs,
          countries: profile.countries,
        });
      }
    }
  }
  return days;
}

/**
 * Demo site-tag events: eight weeks ending yesterday for every demo site but Northwind Sport.
 * Runs after the demo report facts (page views follow revenue, so page RPM is plausible).
 * Regenerated when yesterday is missing; real events (from the demo page) are kept.
 */
export async function seedDemoSiteTag(engine: ReportEngine, db: Db, log: Logger, today = new Date()): Promise<void> {
  // The site tag's store lives on the report engine: in its DuckDB file or its ClickHouse database.
  const store =
    engine instanceof DuckDbReportEngine
      ? duckDbSiteTagStore(engine)
      : engine instanceof ClickHouseReportEngine
        ? clickHouseSiteTagStore(engine.connection)
        : null;
  if (!store) return;
  const todayMs = Date.parse(today.toISOString().slice(0, 10));
  const yesterdayMs = todayMs - DAY_MS;
  await store.init();
  const repo = siteTagRepo(db);
  // The sites' tags sample as their generated events do (the demo page's tag included).
  for (const [siteId, profile] of Object.entries(DEMO_TAG_SITES)) await repo.setSampleRate(siteId, profile.sampleOneIn);
  // Events generated before sampling (weight 1) are replaced too.
  const params = { prefix: DEMO_PAGE_PREFIX, from: yesterdayMs, to: todayMs };
  const [probe] = await store.query(
    store.dialect === 'duckdb'
      ? `SELECT count(*) AS n FROM site_tag_events WHERE starts_with(page_id, $prefix) AND ts >= $from AND ts < $to AND weight > 1`
      : `SELECT count() AS n FROM site_tag_events WHERE startsWith(page_id, {prefix:String}) AND ts >= {from:Int64} AND ts < {to:Int64}
         AND weight > 1`,
    params,
  );
  if (num(probe?.n) > 0) return;
  const started = Date.now();
  const plan = await demoTrafficPlan(store, yesterdayMs);
  await replaceDemoEvents(store, plan);
  for (const siteId of new Set(plan.map((d) => d.siteId))) await repo.markReceived(siteId);
  const [count] = await store.query(
    store.dialect === 'duckdb'
      ? `SELECT count(*) AS n FROM site_tag_events WHERE starts_with(page_id, $prefix)`
      : `SELECT count() AS n FROM site_tag_events WHERE startsWith(page_id, {prefix:String})`,
    { prefix: DEMO_PAGE_PREFIX },
  );
  log.info({ events: num(count?.n), ms: Date.now() - started }, 'demo site-tag events generated');
}
