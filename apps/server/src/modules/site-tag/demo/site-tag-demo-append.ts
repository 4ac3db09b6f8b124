import { DuckDBInstance, type DuckDBValue } from '@duckdb/node-api';
import { resetSiteTagRollups } from '../site-tag.clickhouse-rollup';
import { SITE_TAG_EVENT_COLUMNS as COLUMNS, SITE_TAG_EVENTS_DDL, type SiteTagEventStore, type StoredTagEvent } from '../site-tag.store';
import { DEMO_PAGE_PREFIX, demoEventsSql, type DemoTrafficDay } from './site-tag-demo-events';

/** Rows per append: about what the collector's flushes write at a busy second, a few MB of JSON. */
const APPEND_BATCH = 50_000;

const str = (v: DuckDBValue | undefined) => (v == null ? '' : String(v));
const numOrNull = (v: DuckDBValue | undefined) => (v == null ? null : Number(v));

/** One generated row (columns in COLUMNS' order) as the store's event. */
function toEvent(r: readonly DuckDBValue[]): StoredTagEvent {
  return {
    ts: Number(r[0]),
    publisherId: str(r[1]),
    siteId: str(r[2]),
    kind: str(r[3]) as StoredTagEvent['kind'],
    pageId: str(r[4]),
    visitor: BigInt(r[5] as bigint),
    path: str(r[6]),
    template: str(r[7]),
    entry: r[8] === true,
    referrer: str(r[9]),
    source: str(r[10]),
    medium: str(r[11]),
    campaign: str(r[12]),
    device: str(r[13]),
    browser: str(r[14]),
    country: str(r[15]),
    engagedMs: numOrNull(r[16]),
    scrollPct: numOrNull(r[17]),
    metric: str(r[18]),
    value: numOrNull(r[19]),
    attribution: str(r[20]),
    weight: Number(r[21]),
  };
}

/**
 * The demo plan's events appended through the store's interface, for a store that cannot run the
 * generator's DuckDB SQL itself (ClickHouse): the generator runs in a scratch in-memory DuckDB, and
 * its rows go to `store.append` in batches, in time order, as the collector's would (ClickHouse's
 * materialized views roll them up on the way in). The same plan gives exactly the events DuckDB's
 * seed writes in place. Returns how many.
 */
export async function appendDemoEvents(store: SiteTagEventStore, plan: readonly DemoTrafficDay[]): Promise<number> {
  const instance = await DuckDBInstance.create(':memory:');
  const conn = await instance.connect();
  try {
    await conn.run(SITE_TAG_EVENTS_DDL);
    await conn.run(demoEventsSql(plan));
    const result = await conn.stream(`SELECT ${COLUMNS.join(', ')} FROM site_tag_events ORDER BY ts, page_id, kind, metric`);
    let batch: StoredTagEvent[] = [];
    let appended = 0;
    for (let chunk = await result.fetchChunk(); chunk && chunk.rowCount > 0; chunk = await result.fetchChunk()) {
      for (const row of chunk.getRows()) batch.push(toEvent(row));
      if (batch.length >= APPEND_BATCH) {
        await store.append(batch);
        appended += batch.length;
        batch = [];
      }
    }
    await store.append(batch);
    return appended + batch.length;
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

/**
 * Replaces the generated events (page ids starting DEMO_PAGE_PREFIX; real ones are kept) by the
 * plan's, on either store: DuckDB runs the generator in place, ClickHouse gets them through
 * appendDemoEvents. Past days changed behind the collector's back, so the rollups are rebuilt.
 */
export async function replaceDemoEvents(store: SiteTagEventStore, plan: readonly DemoTrafficDay[]): Promise<void> {
  if (store.dialect === 'duckdb') {
    await store.write(async (run) => {
      await run(`DELETE FROM site_tag_events WHERE starts_with(page_id, $prefix)`, { prefix: DEMO_PAGE_PREFIX });
      await run(demoEventsSql(plan));
    });
  } else {
    await store.write((run) => run('DELETE FROM site_tag_events WHERE startsWith(page_id, {prefix:String})', { prefix: DEMO_PAGE_PREFIX }));
    await appendDemoEvents(store, plan);
  }
  await resetSiteTagRollups(store);
}
