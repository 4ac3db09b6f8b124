import type { PeriodSplit, PeriodSplitsRequest } from '../report-engine/clickhouse-period-splits';
import type { KnownReportFacts, ReportEngine, ReportQuery } from '../report-engine/report-engine';
import type { ReportCache } from './report-cache';

/** The engine a cached one reads from (a test counts its queries on it). */
const UNCACHED = Symbol('uncached report engine');

type PeriodSplitsReader = { periodSplits(req: PeriodSplitsRequest): Promise<PeriodSplit[][]> };

/**
 * The report engine every area is given: its reads of one publisher's facts (reports, sales
 * splits, the one-statement period splits) answered from the process's report cache, everything
 * else (ingestion, streams, exports' summaries) passed through. One cache for every area, so the
 * dashboard, revenue at risk, blocking rules' impact and the report all reuse one another's reads
 * and all drop them on the same notification (notifyReportsChanged). A report missing from the
 * cache is read with its publisher's finalized date known (kept here too), so the engine's
 * statement does not carry that lookup. A Proxy, not a copy: the
 * engine's own methods run on the engine itself (`this` is the engine), and `instanceof` still
 * tells DuckDB from ClickHouse where an area needs to (the site tag's store).
 */
export function withReportCache<E extends ReportEngine>(engine: E, cache: ReportCache): E {
  const inner = engine as E & Partial<PeriodSplitsReader>;
  // Kept like a report and dropped with it on the publisher's next change notification (a
  // finalization notifies too), so a report's statement need not read it again.
  const finalizedThrough = (q: ReportQuery) =>
    cache.read(
      q.publisherId,
      `finalizedThrough:${JSON.stringify([q.publisherId, q.reportType])}`,
      () => inner.getFinalizedThrough(q.publisherId, q.reportType),
      () => 0,
    );
  const cached: Partial<Record<PropertyKey, unknown>> = {
    [UNCACHED]: engine,
    query: (q: ReportQuery, known?: KnownReportFacts) =>
      cache.get(q, async () => inner.query(q, known ?? { finalizedThrough: await finalizedThrough(q) })),
    salesBreakdown: (publisherId: string, dateFrom: string, dateTo: string, byBrand: boolean) =>
      cache.read(
        publisherId,
        `salesBreakdown:${JSON.stringify([publisherId, dateFrom, dateTo, byBrand])}`,
        () => inner.salesBreakdown(publisherId, dateFrom, dateTo, byBrand),
        (rows) => rows.length,
      ),
    salesByAttribute: (...args: Parameters<ReportEngine['salesByAttribute']>) =>
      cache.read(
        args[0],
        `salesByAttribute:${JSON.stringify(args)}`,
        () => inner.salesByAttribute(...args),
        (rows) => rows.length,
      ),
  };
  if (typeof inner.periodSplits === 'function') {
    const splits = inner.periodSplits.bind(inner);
    cached.periodSplits = (req: PeriodSplitsRequest) =>
      cache.read(
        req.publisherId,
        `periodSplits:${JSON.stringify(req)}`,
        () => splits(req),
        (sets) => sets.flat().reduce((n, split) => n + split.rows.length, 0),
      );
  }
  // Bound once per method, not on every call (reports read through here on every request).
  const bound = new Map<PropertyKey, { fn: unknown; bound: unknown }>();
  return new Proxy(engine, {
    get(target, prop) {
      if (Object.hasOwn(cached, prop)) return cached[prop];
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      const known = bound.get(prop);
      if (known?.fn === value) return known.bound;
      const fn: unknown = value.bind(target);
      bound.set(prop, { fn: value, bound: fn });
      return fn;
    },
  });
}

/** The engine behind `withReportCache` (itself when it is not a cached one). */
export function uncachedEngine(engine: ReportEngine): ReportEngine {
  return ((engine as unknown as Record<PropertyKey, unknown>)[UNCACHED] as ReportEngine | undefined) ?? engine;
}
