import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { shiftMonths, todayIn } from '@pc/contracts';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';
import { refreshDerived } from '../../report-engine/derived-tables';
import type { DuckDbReportEngine } from '../../report-engine/duckdb-engine';
import { slowestHealthzDuring } from '../../../test/event-loop-probe';

// Encoding a big export (CSV or XLSX) must not stall other requests.
const ROWS = { csv: 200_000, xlsx: 200_000 };
// The 15th and 16th of last month: inside the 13 months of report history every plan keeps, whatever the date.
const LAST_MONTH = shiftMonths(todayIn('UTC', new Date()), -1).slice(0, 7);
const DAY = { csv: `${LAST_MONTH}-15`, xlsx: `${LAST_MONTH}-16` };
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await signIn(t.app, DEMO.multi)).idToken;
  // ROWS[format] brands on DAY[format] for publisher 1001: a Day x Brand export of that day has
  // that many rows (the demo data has no sales on these days).
  await (t.built.engine as DuckDbReportEngine).write(async (conn) => {
    for (const format of ['csv', 'xlsx'] as const)
      await conn.run(
        `INSERT INTO revenue_sales (date, publisher_id, site_id, product_type, size, brand, deal_name, deal_id, impressions, revenue, net_revenue)
         SELECT CAST($day AS DATE), '1001', '5001', 'Display', '300x250', 'Brand ' || lpad(CAST(i AS VARCHAR), 7, '0'), '', '',
                CAST(100 + i % 900 AS BIGINT), round((100 + i % 900) * 0.0021, 4), round((100 + i % 900) * 0.0015, 4)
         FROM range(CAST($rows AS BIGINT)) r(i)`,
        { day: DAY[format], rows: ROWS[format] },
      );
    await conn.run(
      `CREATE OR REPLACE TEMP TABLE big_days AS SELECT '1001' AS publisher_id, CAST(d AS DATE) AS date FROM (VALUES ($csv), ($xlsx)) v(d)`,
      DAY,
    );
    await refreshDerived(conn, 'big_days');
    await conn.run('DROP TABLE big_days');
  });
}, 120_000);
afterAll(async () => t.close());

/** Tasks the CPU worker pool has completed, from /metrics (this test is a loopback scraper). */
const poolTasks = async () => {
  const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
  const m = /^pc_worker_pool_tasks_completed (\d+)$/m.exec(text);
  expect(m).not.toBeNull();
  return Number(m?.[1]);
};

const noon = (d: string) => Date.parse(`${d}T12:00:00Z`);
const exportFile = async (format: 'csv' | 'xlsx') => {
  const params = new URLSearchParams({
    reportType: 'revenue',
    publisherId: '1001',
    dateFrom: String(noon(DAY[format])),
    dateTo: String(noon(DAY[format])),
    dimensions: 'brand',
    metrics: 'impressions,revenue,netRevenue',
    interval: 'Day',
    exportReportToFile: 'true',
    format,
  });
  const created = await t.app.inject({ method: 'GET', url: `/api/partner-center/report?${params}`, headers: bearer(token, '1001') });
  expect(created.statusCode).toBe(202);
  return created.json<{ reportId: string }>().reportId;
};
const fileOf = async (reportId: string) =>
  (await t.db
    .selectFrom('report_jobs')
    .select(['status', 'file_path', 'row_count'])
    .where('id', '=', reportId)
    .executeTakeFirstOrThrow()) as {
    status: string;
    file_path: string;
    row_count: number;
  };

describe('big exports off the event loop', () => {
  it(`answers /healthz within 200 ms while a ${ROWS.csv}-row CSV export is encoded`, async () => {
    // Warm the worker threads (their start-up is not what is measured).
    await exportFile('csv').then(() => t.built.workers.reportExports.drain());
    const reportId = await exportFile('csv');
    const tasksBefore = await poolTasks();
    const run = await slowestHealthzDuring(t.app, () => t.built.workers.reportExports.drain());
    // Every 2,048-row chunk was encoded in a worker thread, not on the event loop. (The 200 ms
    // bound alone held before too: the old in-thread encoder yielded between chunks, but each
    // chunk still held the loop; this is what fails on that code.)
    expect((await poolTasks()) - tasksBefore).toBeGreaterThanOrEqual(Math.ceil(ROWS.csv / 2048));
    const job = await fileOf(reportId);
    expect(job).toMatchObject({ status: 'done', row_count: ROWS.csv });
    const lines = readFileSync(job.file_path, 'utf8').split('\r\n');
    expect(lines[0]).toBe('Date,Brand,Impressions,Revenue (USD),Net Revenue (USD),Estimated');
    // Brand 0000999: 100 + 999 % 900 = 199 impressions, 199 x 0.0021 = 0.4179, 199 x 0.0015 = 0.2985.
    expect(lines).toContain(`${DAY.csv},Brand 0000999,199,0.4179,0.2985,Yes`);
    expect(lines.filter((l) => l.startsWith(DAY.csv))).toHaveLength(ROWS.csv);
    expect(run.calls).toBeGreaterThan(5);
    expect(run.slowest).toBeLessThan(200);
  }, 180_000);

  it(`answers /healthz within 200 ms while a ${ROWS.xlsx}-row XLSX export is encoded`, async () => {
    const reportId = await exportFile('xlsx');
    const tasksBefore = await poolTasks();
    // The rows reach the worker column by column: the main thread builds no object per row.
    const engine = t.built.engine as DuckDbReportEngine;
    const streamRows = vi.spyOn(engine, 'streamRows');
    let rowReads = 0;
    const run = await slowestHealthzDuring(t.app, () => t.built.workers.reportExports.drain()).finally(() => {
      rowReads = streamRows.mock.calls.length;
      streamRows.mockRestore();
    });
    expect(rowReads).toBe(0);
    // The whole workbook was written by one worker-thread task.
    expect((await poolTasks()) - tasksBefore).toBe(1);
    const job = await fileOf(reportId);
    expect(job).toMatchObject({ status: 'done', row_count: ROWS.xlsx });
    // A zip (the XLSX container) that is whole: it ends with the end-of-central-directory record.
    const file = readFileSync(job.file_path);
    expect(file.subarray(0, 2).toString()).toBe('PK');
    expect(file.subarray(-22, -18).readUInt32LE(0)).toBe(0x06054b50);
    expect(run.calls).toBeGreaterThan(5);
    expect(run.slowest).toBeLessThan(200);
  }, 300_000);
});
