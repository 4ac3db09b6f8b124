import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLICKHOUSE_PROGRESS_INTERVAL_MS, clickHouseClientExec, rowsOfCompact } from './clickhouse-exec';

/*
 * The production connection's settings, seen on the wire by a loopback HTTP server standing in
 * for ClickHouse: a long statement keeps its connection alive behind a load balancer (progress
 * headers below the idle timeout), so @clickhouse/client has nothing to warn about at start.
 */
describe('clickHouseClientExec', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks for progress headers at an interval below load balancers idle timeouts, and the client warns about nothing', async () => {
    const warn = vi.spyOn(console, 'warn');
    const seen: URL[] = [];
    const server = createServer((req: IncomingMessage, res) => {
      seen.push(new URL(req.url ?? '/', 'http://127.0.0.1'));
      req.resume();
      req.on('end', () => {
        // query() asks for JSONCompact (names once, rows as arrays).
        res.writeHead(200, { 'Content-Type': 'application/json', 'X-ClickHouse-Format': 'JSONCompact' });
        res.end('{"meta":[{"name":"n","type":"UInt8"}],"data":[[1]],"rows":1}\n');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const exec = clickHouseClientExec(`http://127.0.0.1:${port}`);
    try {
      expect(await exec.query<{ n: number }>('SELECT 1 AS n')).toEqual([{ n: 1 }]);
    } finally {
      await exec.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    const settings = seen[0]?.searchParams;
    expect(settings?.get('send_progress_in_http_headers')).toBe('1');
    expect(Number(settings?.get('http_headers_progress_interval_ms'))).toBe(CLICKHOUSE_PROGRESS_INTERVAL_MS);
    expect(CLICKHOUSE_PROGRESS_INTERVAL_MS).toBeLessThan(60_000);
    expect(warn.mock.calls.flat().join(' ')).not.toMatch(/send_progress_in_http_headers|http_headers_progress_interval_ms/);
  });

  it('turns JSONCompact rows into objects by column name, and a trailing exception into an error', () => {
    const meta = [{ name: 'd' }, { name: 'n' }];
    expect(
      rowsOfCompact({
        meta,
        data: [
          ['2025-01-01', 3],
          ['2025-01-02', null],
        ],
      }),
    ).toEqual([
      { d: '2025-01-01', n: 3 },
      { d: '2025-01-02', n: null },
    ]);
    expect(rowsOfCompact({ meta, data: [] })).toEqual([]);
    expect(() => rowsOfCompact({ meta, data: [['2025-01-01', 3]], exception: 'Code: 241. DB::Exception: Memory limit' })).toThrow(
      /Memory limit/,
    );
  });
});
