import { describe, expect, it, vi } from 'vitest';
import type { PeriodSplitsRequest } from '../report-engine/clickhouse-period-splits';
import type { KnownReportFacts, ReportEngine, ReportQuery, ReportResult } from '../report-engine/report-engine';
import { uncachedEngine, withReportCache } from './cached-report-engine';
import { createReportCache } from './report-cache';

const result: ReportResult = { columns: [], rows: [{ revenue: 1 }], totalRows: 1, totals: { revenue: 1 }, unavailableMetrics: {} };
const query = (publisherId: string): ReportQuery => ({
  reportType: 'revenue',
  publisherId,
  dateFrom: '2026-10-01',
  dateTo: '2026-10-31',
  dimensions: [],
  metrics: ['revenue'],
  interval: 'Day',
});

/** Counts what reaches the engine; `ingested` is state its own methods keep on `this`. */
class FakeEngine {
  ingested = 0;
  query = vi.fn(async (_q: ReportQuery, _known?: KnownReportFacts) => result);
  getFinalizedThrough = vi.fn(async (publisherId: string): Promise<string | null> => (publisherId === 'P1' ? '2026-10-15' : null));
  salesBreakdown = vi.fn(async () => [{ siteId: 's1', brand: null, netRevenue: 1, impressions: 1 }]);
  async ingest() {
    this.ingested += 1;
    return { rowsApplied: this.ingested, daysReplaced: 1 };
  }
}

class FakeSplitsEngine extends FakeEngine {
  periodSplits = vi.fn(async (_req: PeriodSplitsRequest) => [[{ rows: [], totalRows: 0 }]]);
}

const wrap = <E extends FakeEngine>(engine: E) => {
  const cache = createReportCache();
  return { cache, cached: withReportCache(engine as unknown as ReportEngine & E, cache) };
};

describe('withReportCache', () => {
  it('answers a repeated report and sales split from the cache, per publisher', async () => {
    const engine = new FakeEngine();
    const { cached } = wrap(engine);
    await cached.query(query('P1'));
    await cached.query(query('P1'));
    await cached.query(query('P2'));
    expect(engine.query).toHaveBeenCalledTimes(2);
    await cached.salesBreakdown('P1', '2026-10-01', '2026-10-31', true);
    await cached.salesBreakdown('P1', '2026-10-01', '2026-10-31', true);
    await cached.salesBreakdown('P1', '2026-10-01', '2026-10-31', false);
    expect(engine.salesBreakdown).toHaveBeenCalledTimes(2);
  });

  it("forgets a publisher's reads of every kind when told, and keeps the others'", async () => {
    const engine = new FakeSplitsEngine();
    const { cache, cached } = wrap(engine);
    const splits: PeriodSplitsRequest = {
      publisherId: 'P1',
      filters: [],
      periods: [
        { from: '2026-10-02', to: '2026-10-02' },
        { from: '2026-10-01', to: '2026-10-01' },
      ],
      splits: [['sites']],
      limit: 10,
    };
    const read = async () => Promise.all([cached.query(query('P1')), cached.query(query('P2')), cached.periodSplits(splits)]);
    await read();
    await read();
    expect([engine.query.mock.calls.length, engine.periodSplits.mock.calls.length]).toEqual([2, 1]);
    cache.invalidate('P1');
    await read();
    expect([engine.query.mock.calls.length, engine.periodSplits.mock.calls.length]).toEqual([3, 2]);
  });

  it("reads a report with its publisher's finalized date known, kept until the publisher changes", async () => {
    const engine = new FakeEngine();
    const { cache, cached } = wrap(engine);
    await cached.query(query('P1'));
    await cached.query({ ...query('P1'), dateFrom: '2026-10-02' });
    await cached.query(query('P2'));
    await cached.query({ ...query('P1'), reportType: 'recirculation' });
    expect(engine.query.mock.calls.map(([q, known]) => [q.publisherId, known])).toEqual([
      ['P1', { finalizedThrough: '2026-10-15' }],
      ['P1', { finalizedThrough: '2026-10-15' }],
      ['P2', { finalizedThrough: null }],
      ['P1', { finalizedThrough: '2026-10-15' }],
    ]);
    // One read per publisher and report type, not one per report.
    expect(engine.getFinalizedThrough.mock.calls).toEqual([
      ['P1', 'revenue'],
      ['P2', 'revenue'],
      ['P1', 'recirculation'],
    ]);
    // A finalization notifies like an ingest: the next report reads the new date.
    engine.getFinalizedThrough.mockResolvedValueOnce('2026-10-20');
    cache.invalidate('P1');
    await cached.query(query('P1'));
    expect(engine.query.mock.calls.at(-1)?.[1]).toEqual({ finalizedThrough: '2026-10-20' });
    expect(engine.getFinalizedThrough).toHaveBeenCalledTimes(4);
  });

  it('offers period splits only when the engine has them (change-splits.ts checks for the method)', () => {
    expect(typeof (wrap(new FakeEngine()).cached as { periodSplits?: unknown }).periodSplits).toBe('undefined');
    expect(typeof wrap(new FakeSplitsEngine()).cached.periodSplits).toBe('function');
  });

  it("passes everything else to the engine itself: its own state, its class, and the tests' view of it", async () => {
    const engine = new FakeEngine();
    const { cached } = wrap(engine);
    expect(await cached.ingest()).toEqual({ rowsApplied: 1, daysReplaced: 1 });
    // A method detached from the cached view still runs on the engine.
    const { ingest } = cached;
    await ingest();
    expect(engine.ingested).toBe(2);
    expect(cached).toBeInstanceOf(FakeEngine);
    expect(uncachedEngine(cached)).toBe(engine);
    expect(uncachedEngine(engine as unknown as ReportEngine)).toBe(engine);
  });
});
