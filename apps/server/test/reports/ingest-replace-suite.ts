import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClickHouseReportEngine } from '../../src/report-engine/clickhouse-engine';
import type { ClickHouseExec } from '../../src/report-engine/clickhouse-exec';
import type { ReportEngine, ReportQuery } from '../../src/report-engine/report-engine';
import { ingestPath, ingestSource } from '../../src/modules/reports/ingest/ingest-file';

/**
 * TEST-ONLY: day replacement holds under re-sending and interruption (ingest-replace*.test.ts run it
 * on DuckDB, chDB in-process and chDB over HTTP): the same file twice gives the same totals as once,
 * and an ingestion that fails part-way leaves each day as it was or as the file says, never a mix.
 * Totals are read at the facts' grain and through a rollup (Day x size x brand).
 */
const HEADER = 'kind,date,publisher_id,site_id,product_type,size,brand,deal_name,deal_id,imp_requests,impressions,revenue,net_revenue';
const DAYS = ['2024-04-29', '2024-04-30', '2024-05-01'];

/** Two publishers x DAYS x 2 sites, requests and 3 sales rows each; `scale` changes every figure. */
function factsCsv(scale: number, days = DAYS): string {
  const lines = [HEADER];
  for (const pub of ['R1', 'R2']) {
    for (const day of days) {
      for (const site of ['a', 'b']) {
        lines.push(`requests,${day},${pub},${site},Display,,,,,${1000 * scale},,,`);
        for (const [n, brand] of ['Acme', 'Globex', 'Initech'].entries()) {
          lines.push(
            `sales,${day},${pub},${site},Display,300x250,${brand},,,,${(n + 1) * 100 * scale},${(n + 1) * scale},${(n + 1) * 0.5 * scale}`,
          );
        }
      }
    }
  }
  return lines.join('\n');
}

const query = (publisherId: string, over: Partial<ReportQuery> = {}): ReportQuery => ({
  reportType: 'revenue',
  publisherId,
  dateFrom: DAYS[0]!,
  dateTo: DAYS.at(-1)!,
  dimensions: [],
  metrics: ['impRequests', 'impressions', 'revenue', 'netRevenue'],
  interval: 'Cumulative',
  ...over,
});

/** Per publisher and day: the totals at the facts' grain and through the size x brand rollup, and the row count. */
async function snapshot(engine: ReportEngine) {
  const out: Record<string, unknown> = {};
  for (const pub of ['R1', 'R2']) {
    for (const day of DAYS) {
      const facts = await engine.query(query(pub, { dateFrom: day, dateTo: day }));
      const rollup = await engine.query(
        query(pub, { dateFrom: day, dateTo: day, interval: 'Day', dimensions: ['size', 'brand'], metrics: ['impressions', 'revenue'] }),
      );
      out[`${pub} ${day}`] = { totals: facts.totals, rollup: rollup.totals, rows: rollup.totalRows };
    }
  }
  return out;
}

/** The file in small pieces, failing with a lost connection after `failAfter` characters. */
function brokenUpload(text: string, failAfter: number): Readable {
  return Readable.from(
    (async function* () {
      for (let n = 0; n < failAfter; n += 200) yield text.slice(n, Math.min(n + 200, failAfter));
      throw new Error('connection reset by peer');
    })(),
  );
}

export interface ReplaceSubject {
  name: string;
  skip: boolean;
  /** The engine's publish can be made to fail part-way (ClickHouse: clickHouseSubject). */
  failPublishes?: boolean;
  /** `failPublish(true)`: ClickHouse's publish fails once it reaches revenue_sales (clickHouseSubject). */
  open(): Promise<{ engine: ReportEngine; failPublish?: (on: boolean) => void }>;
}

/** A ClickHouse engine over `exec`, whose statements can be made to fail once the publish reaches revenue_sales. */
export function clickHouseSubject(exec: ClickHouseExec, close: () => Promise<void>) {
  let failing = false;
  const engine = new ClickHouseReportEngine({
    ...exec,
    async command(sql, params) {
      if (failing && /^INSERT INTO revenue_sales /.test(sql)) throw new Error('ClickHouse went away');
      return exec.command(sql, params);
    },
    close,
  });
  return { engine, failPublish: (on: boolean) => (failing = on) };
}

/** The cases on one engine; ClickHouse's publish failure only where `failPublish` exists. */
export function dayReplacementCases(subject: ReplaceSubject): void {
  describe.skipIf(subject.skip)(`day replacement on ${subject.name}`, () => {
    let engine: ReportEngine;
    let failPublish: ((on: boolean) => void) | undefined;
    beforeAll(async () => {
      ({ engine, failPublish } = await subject.open());
      await engine.init();
    }, 60_000);
    afterAll(async () => {
      await engine?.close();
    });

    it('replaces the same days exactly when a file is sent again, and a correction of one day only that day', async () => {
      const first = await ingestSource(engine, 'revenue', factsCsv(1), 'csv', 7);
      expect(first).toMatchObject({ rowsApplied: 48, daysReplaced: 6, errors: [] });
      const once = await snapshot(engine);
      expect(once['R1 2024-04-30']).toEqual({
        totals: { impRequests: 2000, impressions: 1200, revenue: 12, netRevenue: 6 },
        rollup: expect.anything(),
        rows: 3,
      });
      expect(await ingestSource(engine, 'revenue', factsCsv(1), 'csv', 7)).toMatchObject({ rowsApplied: 48, daysReplaced: 6 });
      expect(await snapshot(engine)).toEqual(once);
      // A correction of one day of R2 (10 times every figure) changes that publisher-day alone.
      const correction = factsCsv(10, ['2024-05-01'])
        .split('\n')
        .filter((l, n) => n === 0 || l.includes(',R2,'));
      expect(await ingestSource(engine, 'revenue', correction.join('\n'), 'csv')).toMatchObject({ rowsApplied: 8, daysReplaced: 1 });
      const corrected = await snapshot(engine);
      expect(corrected['R2 2024-05-01']).toMatchObject({
        totals: { impRequests: 20000, impressions: 12000, revenue: 120, netRevenue: 60 },
        rows: 3,
      });
      expect({ ...corrected, 'R2 2024-05-01': null }).toEqual({ ...once, 'R2 2024-05-01': null });
      // And back: the first file again gives the first figures.
      await ingestSource(engine, 'revenue', factsCsv(1), 'csv');
      expect(await snapshot(engine)).toEqual(once);
    }, 180_000);

    it('replaces the same days exactly when the file on disk is read by the engine (ingestPath, the CLI and the API)', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'replace-'));
      try {
        const file = join(dir, 'facts.csv');
        await writeFile(file, factsCsv(1));
        const once = await snapshot(engine);
        expect(await ingestPath(engine, 'revenue', file, 'csv')).toMatchObject({ rowsApplied: 48, daysReplaced: 6, errors: [] });
        expect(await snapshot(engine)).toEqual(once);
        const correction = join(dir, 'correction.csv');
        await writeFile(correction, factsCsv(10, ['2024-05-01']));
        expect(await ingestPath(engine, 'revenue', correction, 'csv')).toMatchObject({ rowsApplied: 16, daysReplaced: 2 });
        expect((await snapshot(engine))['R2 2024-05-01']).toMatchObject({
          totals: { impRequests: 20000, impressions: 12000, revenue: 120, netRevenue: 60 },
        });
        await ingestPath(engine, 'revenue', file, 'csv');
        expect(await snapshot(engine)).toEqual(once);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }, 180_000);

    it('leaves the stored days as they were when the upload breaks mid-file, after batches were staged', async () => {
      const before = await snapshot(engine);
      const text = factsCsv(3);
      // Batches of 7 rows: about half of the file's 48 rows were staged when the connection drops.
      await expect(ingestSource(engine, 'revenue', brokenUpload(text, Math.floor(text.length / 2)), 'csv', 7)).rejects.toThrow(
        'connection reset by peer',
      );
      expect(await snapshot(engine)).toEqual(before);
      // A bad last row rejects the whole file just the same.
      const bad = `${text}\nsales,2024-05-01,R1,a,Display,300x250,Hooli,,,,-1,1,1`;
      expect((await ingestSource(engine, 'revenue', bad, 'csv', 7)).errors).toEqual([
        { line: 50, message: expect.stringMatching(/impressions/) },
      ]);
      expect(await snapshot(engine)).toEqual(before);
      // Nothing of the broken attempts is left behind to be applied later.
      await ingestSource(engine, 'revenue', factsCsv(1), 'csv');
      expect(await snapshot(engine)).toEqual(before);
    }, 180_000);

    // Only an engine whose publish is several statements (ClickHouse) can die part-way; DuckDB's is
    // one transaction, which the interrupted-upload case above covers.
    if (subject.failPublishes) {
      it('finishes a publish that died part-way at the next ingestion: the new days, never a mix', async () => {
        const old = await snapshot(engine);
        const next = factsCsv(5);
        await ingestSource(engine, 'revenue', next, 'csv');
        const expected = await snapshot(engine);
        await ingestSource(engine, 'revenue', factsCsv(1), 'csv');
        expect(await snapshot(engine)).toEqual(old);
        // The publish replaces revenue_requests, then dies before revenue_sales.
        failPublish?.(true);
        await expect(ingestSource(engine, 'revenue', next, 'csv')).rejects.toThrow('ClickHouse went away');
        failPublish?.(false);
        // The next ingestion (here one that is then abandoned) publishes the staged file first.
        const run = await engine.beginIngest('revenue');
        await run.abort();
        expect(await snapshot(engine)).toEqual(expected);
      }, 180_000);
    }
  });
}
