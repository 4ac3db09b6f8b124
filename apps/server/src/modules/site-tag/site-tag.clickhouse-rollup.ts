import { daysNotBuilt, lastClosedDay, resetRollup } from './site-tag.rollup';
import type { SiteTagEventStore } from './site-tag.store';

/**
 * The site-tag rollups on ClickHouse (site-tag.clickhouse-store.ts), read by
 * site-tag.clickhouse-queries.ts with the same definitions as DuckDB's (site-tag.rollup.ts):
 *
 * - site_tag_daily_sums (SummingMergeTree, fed by a materialized view on every insert): page
 *   views and visits (sums of the sample weights) per site, UTC day, dimension and key. Sums of
 *   disjoint inserts add up, so it is exact for every day, the open ones and late events included.
 * - site_tag_daily_visitors (AggregatingMergeTree, materialized view): each site-day's distinct
 *   visitor hashes with their largest weight, the exact set (not uniq's estimate: DuckDB's count is
 *   exact too). Visitors over a range are the sum of the site-days' sets (the hash is salted daily).
 * - site_tag_vitals_daily (AggregatingMergeTree, materialized view): each page's vitals per day
 *   (first report, last value and attribution as argMax states), so the performance page and RPM
 *   by LCP read only vitals, not every event of the range.
 * - site_tag_closed_daily (ReplacingMergeTree): each closed site-day's visitors (the sum of its
 *   set, so a 28-day query adds 28 rows a site instead of merging half a million hashes) and
 *   engagement (pages with a page view and an engagement report, their maxima by the page view's
 *   weight). A page's maxima need its page view and its reports (often in different inserts, up to
 *   the next day), which no per-insert view can join, so a closed day is built once, as DuckDB's
 *   rollup is; the open days are read from the visitor sets and the raw events. Two processes
 *   building the same day write the same rows, which the table's key replaces (reads use FINAL):
 *   no lock is needed between processes.
 *
 * Migration: every statement is idempotent and runs at start. The views only see inserts made
 * after them, so CH_ROLLUP_VERSION's first start fills the rollup tables from the events already
 * there (and a new version rebuilds them); docs/operations.md says to start one process first.
 */
export const CH_ROLLUP_VERSION = 3;

const DAY = `toDate(fromUnixTimestamp64Milli(ts, 'UTC'))`;
const KEYS = ['path', 'campaign', 'device', 'browser', 'country'] as const;

/** Page views of an insert (or of every event) as rows of site_tag_daily_sums: one per dimension and key. */
const SUMS_SELECT = `SELECT publisher_id, site_id, ${DAY} AS day, d.1 AS dim, d.2 AS k1, d.3 AS k2,
       toInt64(sum(weight)) AS pv, toInt64(sumIf(weight, entry)) AS visits
FROM site_tag_events
ARRAY JOIN [('total', '', ''), ${KEYS.map((k) => `('${k}', CAST(${k} AS String), '')`).join(', ')},
            ('source', CAST(source AS String), CAST(medium AS String))] AS d
WHERE kind = 'pv'
GROUP BY publisher_id, site_id, day, dim, k1, k2`;

const VISITORS_SELECT = `SELECT publisher_id, site_id, ${DAY} AS day, visitor, max(weight) AS w
FROM site_tag_events WHERE kind = 'pv' GROUP BY publisher_id, site_id, day, visitor`;

/** Each page's vitals per day: first report, last value and attribution (argMax states merge across inserts and days). */
const VITALS_SELECT = `SELECT publisher_id, site_id, ${DAY} AS day, page_id, metric, min(ts) AS first_ts,
       argMaxState(value, ts) AS value, argMaxState(attribution, ts) AS attribution,
       any(path) AS path, any(CAST(template AS String)) AS template, any(CAST(device AS String)) AS device
FROM site_tag_events WHERE kind = 'wv' GROUP BY publisher_id, site_id, day, page_id, metric`;

/** The materialized views' tables with the SELECT that fills each: at every insert, and from all events at a rebuild. */
const VIEW_FILLS = [
  ['site_tag_daily_sums', SUMS_SELECT],
  ['site_tag_daily_visitors', VISITORS_SELECT],
  ['site_tag_vitals_daily', VITALS_SELECT],
] as const;
export const CH_VIEW_TABLES: readonly string[] = VIEW_FILLS.map(([table]) => table);
/** The closed days' tables, built on demand (ensureClickHouseClosedDays): emptied, they are built again. */
export const CH_CLOSED_TABLES: readonly string[] = ['site_tag_closed_daily', 'site_tag_closed_built'];

export const SITE_TAG_CLICKHOUSE_ROLLUP_DDL = [
  `CREATE TABLE IF NOT EXISTS site_tag_daily_sums (
    publisher_id String, site_id String, day Date, dim LowCardinality(String), k1 String, k2 String, pv Int64, visits Int64
  ) ENGINE = SummingMergeTree ORDER BY (publisher_id, site_id, day, dim, k1, k2)`,
  `CREATE MATERIALIZED VIEW IF NOT EXISTS site_tag_daily_sums_mv TO site_tag_daily_sums AS ${SUMS_SELECT}`,
  `CREATE TABLE IF NOT EXISTS site_tag_daily_visitors (
    publisher_id String, site_id String, day Date, visitor Int64, w SimpleAggregateFunction(max, Int32)
  ) ENGINE = AggregatingMergeTree ORDER BY (publisher_id, site_id, day, visitor)`,
  `CREATE MATERIALIZED VIEW IF NOT EXISTS site_tag_daily_visitors_mv TO site_tag_daily_visitors AS ${VISITORS_SELECT}`,
  `CREATE TABLE IF NOT EXISTS site_tag_vitals_daily (
    publisher_id String, site_id String, day Date, page_id String, metric LowCardinality(String),
    first_ts SimpleAggregateFunction(min, Int64), value AggregateFunction(argMax, Nullable(Float64), Int64),
    attribution AggregateFunction(argMax, String, Int64), path SimpleAggregateFunction(any, String),
    template SimpleAggregateFunction(any, String), device SimpleAggregateFunction(any, String)
  ) ENGINE = AggregatingMergeTree ORDER BY (publisher_id, site_id, day, page_id, metric)`,
  `CREATE MATERIALIZED VIEW IF NOT EXISTS site_tag_vitals_daily_mv TO site_tag_vitals_daily AS ${VITALS_SELECT}`,
  `CREATE TABLE IF NOT EXISTS site_tag_closed_daily (
    publisher_id String, site_id String, day Date, dim LowCardinality(String), visitors Int64, eng_pages Int64, eng_ms Float64, scroll Float64
  ) ENGINE = ReplacingMergeTree ORDER BY (publisher_id, site_id, day, dim)`,
  `CREATE TABLE IF NOT EXISTS site_tag_closed_built (day Date) ENGINE = ReplacingMergeTree ORDER BY day`,
  // Version 1 kept the closed days' engagement alone (the first days of this rollup, never released).
  'DROP TABLE IF EXISTS site_tag_eng_daily',
  'DROP TABLE IF EXISTS site_tag_eng_built',
  `CREATE TABLE IF NOT EXISTS site_tag_rollup_version (version UInt32) ENGINE = MergeTree ORDER BY tuple()`,
];

/** Fills the rollup tables from the events already stored, once per CH_ROLLUP_VERSION. */
export async function backfillClickHouseRollups(store: SiteTagEventStore): Promise<void> {
  const [v] = await store.query('SELECT toUInt32(max(version)) AS v FROM site_tag_rollup_version');
  if (Number(v?.v ?? 0) === CH_ROLLUP_VERSION) return;
  await rebuildClickHouseRollups(store);
  await store.write(async (exec) => {
    await exec('TRUNCATE TABLE site_tag_rollup_version');
    await exec(`INSERT INTO site_tag_rollup_version VALUES (${CH_ROLLUP_VERSION})`);
  });
}

/**
 * Every rollup again from the stored events: after events were deleted or written around the
 * views (a deletion is not an insert, the views never see it). Queries meanwhile may read partial
 * rollups, and events inserted during it may count twice: for start-up and demo data, not traffic.
 */
async function rebuildClickHouseRollups(store: SiteTagEventStore): Promise<void> {
  await store.write(async (exec) => {
    for (const t of [...CH_VIEW_TABLES, ...CH_CLOSED_TABLES]) await exec(`TRUNCATE TABLE ${t}`);
    for (const [table, select] of VIEW_FILLS) await exec(`INSERT INTO ${table} ${select}`);
  });
}

const DAY_MS = 86_400_000;

const DAYS_IN = `splitByChar(',', {days:String})`;

/**
 * The closed days' rows of the page views on {days} (consecutive or not): each site-day's visitors
 * from the views' visitor sets, and its engagement from the page views and their reports up to the
 * day after the last of them (engRowsSql's definition in ClickHouse SQL).
 */
const CLOSED_BUILD_SQL = [
  `INSERT INTO site_tag_closed_daily
SELECT publisher_id, site_id, day, 'visitors', toInt64(sum(w)), 0, 0, 0 FROM site_tag_daily_visitors FINAL
WHERE toString(day) IN ${DAYS_IN} GROUP BY publisher_id, site_id, day`,
  `INSERT INTO site_tag_closed_daily
SELECT publisher_id, site_id, day, 'eng', 0, toInt64(sum(w)), toFloat64(sum(coalesce(et, 0) * w)), toFloat64(sum(coalesce(sd, 0) * w))
FROM (SELECT publisher_id, site_id, page_id, max(engaged_ms) AS et, max(scroll_pct) AS sd FROM site_tag_events
      WHERE ts >= {start:Int64} AND ts < {late:Int64} AND kind = 'en' GROUP BY publisher_id, site_id, page_id) AS en
INNER JOIN (SELECT publisher_id, site_id, page_id, toDate(fromUnixTimestamp64Milli(min(ts), 'UTC')) AS day, max(weight) AS w
            FROM site_tag_events WHERE ts >= {start:Int64} AND ts < {end:Int64} AND kind = 'pv' AND toString(${DAY}) IN ${DAYS_IN}
            GROUP BY publisher_id, site_id, page_id) AS p
USING (publisher_id, site_id, page_id)
GROUP BY publisher_id, site_id, day`,
  // The marker after the rows: a reader that sees a day built sees its rows.
  `INSERT INTO site_tag_closed_built SELECT toDate(arrayJoin(${DAYS_IN}))`,
];

/**
 * Builds the closed days of [from, to] not built yet; returns the last closed day of the range
 * (the rows of [from, that day] are then in site_tag_closed_daily), or null when no day of the
 * range is closed.
 */
export async function ensureClickHouseClosedDays(
  store: SiteTagEventStore,
  from: string,
  to: string,
  now = Date.now(),
): Promise<string | null> {
  const closed = lastClosedDay(now);
  const last = to < closed ? to : closed;
  if (from > last) return null;
  const built = new Set(
    (
      await store.query('SELECT toString(day) AS d FROM site_tag_closed_built WHERE day BETWEEN {a:Date} AND {b:Date}', {
        a: from,
        b: last,
      })
    ).map((r) => String(r.d)),
  );
  const days = daysNotBuilt(from, last, built);
  if (days.length === 0) return last;
  const start = Date.parse(`${days[0]}T00:00:00Z`);
  const end = Date.parse(`${days[days.length - 1]}T00:00:00Z`) + DAY_MS;
  await store.write(async (run) => {
    for (const sql of CLOSED_BUILD_SQL) await run(sql, { start, end, late: end + DAY_MS, days: days.join(',') });
  });
  return last;
}

/**
 * Rebuilds what was rolled up after events were written around the collector (demo data, imports,
 * deletions): on DuckDB every rollup is forgotten and rebuilt on demand, on ClickHouse the views'
 * tables are refilled from the events (they never see a deletion) and the closed days forgotten.
 */
export async function resetSiteTagRollups(store: SiteTagEventStore): Promise<void> {
  if (store.dialect === 'duckdb') return store.write((exec) => resetRollup(exec));
  await rebuildClickHouseRollups(store);
}
