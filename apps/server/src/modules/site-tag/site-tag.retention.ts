import { every, type PeriodicTask } from '../../lib/jobs/every';
import { RETENTION_DAYS_FLAG } from '@pc/contracts';
import type { Logger } from 'pino';
import type { Db } from '../../db/pool';
import { entitlements } from '../feature-flags';
import { ensureClickHouseClosedDays } from './site-tag.clickhouse-rollup';
import { ensureRollup } from './site-tag.rollup';
import type { SiteTagEventStore } from './site-tag.store';

const DAY_MS = 86_400_000;
/**
 * Raw events of the days still open (accepted up to 24 h late, rolled up once closed: about the
 * last three days) are always kept: the audience and performance pages read them until then.
 */
export const SITE_TAG_MIN_RAW_DAYS = 4;
const EVERY_MS = 60 * 60_000;
/** data.retention_days' seeded default (migration 0071): what applies if an admin deleted the flag. */
const FALLBACK_DAYS = 90;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const lit = (v: string) => `'${v.replace(/'/g, "''")}'`;
const cutoffOf = (days: number, now: number) => Date.parse(`${dayOf(now - Math.max(SITE_TAG_MIN_RAW_DAYS, days) * DAY_MS)}T00:00:00Z`);

/**
 * The deletes that apply each publisher's data.retention_days to the raw tag events: one statement
 * per distinct retention (a handful: the plans' values and a few admin overrides), never one per
 * publisher. Publishers at the flag's default are every publisher not overridden otherwise.
 */
export function retentionDeletes(base: number, overrides: ReadonlyMap<string, number>, now: number): string[] {
  const groups = new Map<number, string[]>();
  for (const [publisherId, days] of overrides) if (days !== base) groups.set(days, [...(groups.get(days) ?? []), publisherId]);
  const others = [...groups.values()].flat();
  const statements = [...groups].map(
    ([days, ids]) => `DELETE FROM site_tag_events WHERE ts < ${cutoffOf(days, now)} AND publisher_id IN (${ids.map(lit).join(', ')})`,
  );
  const rest = others.length ? ` AND publisher_id NOT IN (${others.map(lit).join(', ')})` : '';
  return [...statements, `DELETE FROM site_tag_events WHERE ts < ${cutoffOf(base, now)}${rest}`];
}

/**
 * Keeps each publisher's raw tag events for its plan's data.retention_days (whole UTC days, at
 * least SITE_TAG_MIN_RAW_DAYS). The closed days about to lose their events are rolled up first, so
 * the audience and performance pages keep their daily figures (rollups are not raw data).
 *
 * How it scales: the table has no per-publisher partitions (DuckDB has none; ClickHouse orders by
 * publisher, site, time), so retention is a predicate delete, run once an hour with one statement
 * per distinct retention value. Events arrive in time order, so DuckDB's row-group min/max of `ts`
 * skips every group newer than the cutoff and only the day or so that crossed it is rewritten;
 * ClickHouse's lightweight DELETE marks the matching rows of the few parts that hold them.
 */
export async function expireSiteTagEvents(
  store: SiteTagEventStore,
  db: Db,
  now = Date.now(),
  fallbackDays = FALLBACK_DAYS,
): Promise<number> {
  const { base, overrides } = await entitlements(db).limitsOfAll(RETENTION_DAYS_FLAG, fallbackDays);
  return applySiteTagRetention(store, base, overrides, now);
}

/** The store's half: rolls up the closed days about to lose their events, then deletes them; returns the statements run. */
export async function applySiteTagRetention(
  store: SiteTagEventStore,
  base: number,
  overrides: ReadonlyMap<string, number>,
  now = Date.now(),
): Promise<number> {
  const statements = retentionDeletes(base, overrides, now);
  const [first] = await store.query('SELECT min(ts) AS t FROM site_tag_events');
  if (first?.t == null) return 0;
  const latestCutoff = Math.max(...[base, ...overrides.values()].map((d) => cutoffOf(d, now)));
  if (Number(first.t) >= latestCutoff) return 0;
  const ensure = store.dialect === 'clickhouse' ? ensureClickHouseClosedDays : ensureRollup;
  await ensure(store, dayOf(Number(first.t)), dayOf(latestCutoff - DAY_MS), now);
  await store.write(async (run) => {
    for (const s of statements) await run(s);
  });
  return statements.length;
}

/**
 * Runs the retention ten minutes after start (after the start-up work: demo events, the first
 * rollup sweep, which it would otherwise compete with for the store's one writer), then every
 * hour; never two at once.
 */
export function startSiteTagRetention(store: SiteTagEventStore, db: Db, log: Logger): PeriodicTask {
  return every({ firstAfterMs: 10 * 60_000, everyMs: EVERY_MS, log, failure: 'site tag retention failed' }, () =>
    expireSiteTagEvents(store, db),
  );
}
