import type { DimensionKey, ReportDayRange, ReportFilter } from '@pc/contracts';
import type { PeriodSplit, PeriodSplitsRequest } from '../../../report-engine/clickhouse-period-splits';
import type { ReportQuery, ReportResult } from '../../../report-engine/report-engine';
import type { MemberFacts } from './revenue-decomposition';

/**
 * How an explanation reads its splits (each dimension set's members in both periods): by default
 * two ordinary report queries per split, through the caller's query function (and so the report
 * cache); with an engine that reads them all in one statement (ClickHouse: periodSplits), that.
 * Both give the members of the Cumulative report split that way, sorted by revenue.
 */

/** What every query of one explanation shares: whose revenue, and the report's filters. */
export interface ChangeScope {
  publisherId: string;
  filters: ReportFilter[];
}

/** A split's members in both periods; `complete` when neither period had more than were read. */
export interface SplitFacts {
  now: MemberFacts[];
  before: MemberFacts[];
  complete: boolean;
}

export type SplitsReader = (
  scope: ChangeScope,
  periods: readonly [ReportDayRange, ReportDayRange],
  splits: DimensionKey[][],
  limit: number,
) => Promise<SplitFacts[]>;

type Query = (q: ReportQuery) => Promise<ReportResult>;

/** Joins a member's values of a split of several dimensions (sites x product type) into one. */
export const PAIR_SEPARATOR = '\u0000';

export const cumulative = (
  { publisherId, filters }: ChangeScope,
  range: ReportDayRange,
  dimensions: DimensionKey[],
  limit: number,
): ReportQuery => ({
  reportType: 'revenue',
  publisherId,
  ...(filters.length > 0 ? { filters } : {}),
  dateFrom: range.from,
  dateTo: range.to,
  dimensions,
  metrics: ['revenue', 'impressions'],
  interval: 'Cumulative',
  sort: { key: 'revenue', dir: 'desc' },
  limit,
});

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

function membersOf(result: ReportResult, dimensions: readonly DimensionKey[]): MemberFacts[] {
  return result.rows.map((r) => ({
    value: dimensions.map((d) => String(r[d] ?? '(not set)')).join(PAIR_SEPARATOR),
    revenue: num(r.revenue),
    impressions: num(r.impressions),
  }));
}

/** Every split and period as its own report query, all at once (DuckDB runs them side by side). */
export function querySplits(query: Query): SplitsReader {
  return (scope, periods, splits, limit) =>
    Promise.all(
      splits.map(async (dimensions) => {
        const [n, b] = await Promise.all(periods.map((days) => query(cumulative(scope, days, dimensions, limit))));
        return {
          now: membersOf(n!, dimensions),
          before: membersOf(b!, dimensions),
          complete: n!.totalRows <= limit && b!.totalRows <= limit,
        };
      }),
    );
}

interface PeriodSplitsEngine {
  periodSplits(req: PeriodSplitsRequest): Promise<PeriodSplit[][]>;
}

const hasPeriodSplits = (engine: object): engine is PeriodSplitsEngine =>
  typeof (engine as Partial<PeriodSplitsEngine>).periodSplits === 'function';

/** The engine's one-statement reader when it has one, else one query per split and period through `query`. */
export function changeSplitsOf(engine: object, query: Query): SplitsReader {
  if (!hasPeriodSplits(engine)) return querySplits(query);
  return async (scope, periods, splits, limit) => {
    const read = await engine.periodSplits({ publisherId: scope.publisherId, filters: scope.filters, periods, splits, limit });
    return read.map(([n, b]) => ({
      now: factsOf(n),
      before: factsOf(b),
      complete: (n?.totalRows ?? 0) <= limit && (b?.totalRows ?? 0) <= limit,
    }));
  };
}

const factsOf = (split: PeriodSplit | undefined): MemberFacts[] =>
  (split?.rows ?? []).map((r) => ({ value: r.values.join(PAIR_SEPARATOR), revenue: r.revenue, impressions: r.impressions }));
