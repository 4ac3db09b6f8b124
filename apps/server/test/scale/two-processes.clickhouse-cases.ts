/**
 * The two-process cases on the shared ClickHouse (report facts and site-tag events), called by
 * two-processes.api.test.ts inside its describe so they run on the same two processes.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO } from '../test-app';
import { chdb, get, signIn, type TwoProcesses } from './two-processes.harness';

export function describeSharedClickHouse(procs: TwoProcesses): void {
  describe.skipIf(!chdb)('report facts in one ClickHouse', () => {
    const HEADER = 'kind,date,publisher_id,site_id,product_type,size,brand,deal_name,deal_id,imp_requests,impressions,revenue,net_revenue';
    const loadsDir = mkdtempSync(path.join(os.tmpdir(), 'pc-two-loads-'));
    afterAll(() => rmSync(loadsDir, { recursive: true, force: true }));
    /** `npm run cli -- ingest revenue <file>`: how operations load facts, a third process on the same stores. */
    const ingest = async (name: string, lines: string[]) => {
      const file = path.join(loadsDir, name);
      writeFileSync(file, [HEADER, ...lines].join('\n'));
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/cli.ts', 'ingest', 'revenue', file], {
        cwd: path.resolve(import.meta.dirname, '../../../..'),
        env: { ...process.env, ...procs.env, DATA_DIR: loadsDir, LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (c: Buffer) => (out += c.toString()));
      child.stderr.on('data', (c: Buffer) => (out += c.toString()));
      // 'close', not 'exit': the output streams may still hold the last lines at exit.
      const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
      expect({ code, out }).toEqual({ code: 0, out: expect.stringMatching(/applied \d+ rows/) });
    };
    const report = async (base: string, token: string) => {
      const query = new URLSearchParams({
        reportType: 'revenue',
        publisherId: '1002',
        dateFrom: String(Date.parse('2026-09-01T12:00:00Z')),
        dateTo: String(Date.parse('2026-09-02T12:00:00Z')),
        dimensions: 'sites',
        metrics: 'impRequests,impressions,revenue,eCpm',
        interval: 'Day',
      });
      const res = await get(base, `/api/partner-center/report?${query}`, token, '1002');
      expect(res.status).toBe(200);
      return (await res.json()) as { totals: Record<string, number>; rows: Record<string, unknown>[] };
    };

    it('facts loaded once answer the same figures on both processes, and a day loaded again replaces them on both', async () => {
      const token = await signIn(procs.a.base, DEMO.single);
      await ingest('revenue-1.csv', [
        'requests,2026-09-01,1002,5101,Display,,,,,1000,,,',
        'sales,2026-09-01,1002,5101,Display,300x250,Acme,,,,400,2.50,2.00',
        'requests,2026-09-02,1002,5101,Display,,,,,3000,,,',
        'sales,2026-09-02,1002,5101,Display,728x90,Globex,,,,600,3.50,2.80',
      ]);
      const fromA = await report(procs.a.base, token);
      // 4000 requests, 1000 impressions, 6.00 revenue: eCPM 6/4000*1000 = 1.5.
      expect(fromA.totals).toMatchObject({ impRequests: 4000, impressions: 1000, revenue: 6, eCpm: 1.5 });
      expect(fromA.rows.map((r) => [r.sites, r.impressions])).toEqual([
        ['Blue Harbor', 400],
        ['Blue Harbor', 600],
      ]);
      expect(await report(procs.b.base, token)).toEqual(fromA);

      // A corrected 2 September: both processes read the replacement, never the sum.
      await ingest('revenue-2.csv', [
        'requests,2026-09-02,1002,5101,Display,,,,,5000,,,',
        'sales,2026-09-02,1002,5101,Display,728x90,Globex,,,,900,4.50,3.60',
      ]);
      const fromB = await report(procs.b.base, token);
      expect(fromB.totals).toMatchObject({ impRequests: 6000, impressions: 1300, revenue: 7 });
      expect(await report(procs.a.base, token)).toEqual(fromB);
      // Both loads are recorded in PostgreSQL: the console on either process lists them.
      const admin = await signIn(procs.b.base, DEMO.admin);
      const loads = (await (await get(procs.b.base, '/api/admin/data-loads', admin)).json()) as {
        runs: { source: string; status: string }[];
      };
      expect(loads.runs.filter((r) => r.source.startsWith('revenue-')).map((r) => [r.source, r.status])).toEqual([
        ['revenue-2.csv', 'applied'],
        ['revenue-1.csv', 'applied'],
      ]);
      // Two CLI processes start (tsx, migrations check, ClickHouse schema) on a shared, loaded machine.
    }, 180_000);

    it("a site renamed on one process is the report's Site name on the other", async () => {
      const admin = await signIn(procs.a.base, DEMO.admin);
      const renamed = await fetch(`${procs.a.base}/api/admin/partners/1002/sites/5101`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Blue Harbor Renamed' }),
      });
      expect(renamed.status).toBe(200);
      const token = await signIn(procs.b.base, DEMO.single);
      // B learned the old name at start; the new one reaches it only through the shared ClickHouse.
      expect((await report(procs.b.base, token)).rows.map((r) => r.sites)).toEqual(['Blue Harbor Renamed', 'Blue Harbor Renamed']);
    });
  });

  describe.skipIf(!chdb)('site-tag events in one ClickHouse', () => {
    it('both processes collect tag events, and the audience overview on either counts both', async () => {
      const client = new pg.Client({ connectionString: procs.database.url });
      await client.connect();
      const site = await client
        .query<{ tag_key: string; domain: string }>(`SELECT tag_key, domain FROM sites WHERE id = '5101'`)
        .finally(() => client.end());
      const { tag_key: key, domain } = site.rows[0]!;
      const ts = Math.max(Date.now() - 60_000, Date.parse(new Date().toISOString().slice(0, 10)) + 1000);
      const day = new Date(ts).toISOString().slice(0, 10);
      // One page view to each process, as a load balancer spreads beacons.
      const collect = (base: string, page: string) =>
        fetch(`${base}/t/collect`, {
          method: 'POST',
          headers: { 'content-type': 'text/plain;charset=UTF-8', origin: `https://${domain}` },
          body: JSON.stringify({ k: key, e: [{ t: 'pv', ts, id: `two-${page}`, p: `/${page}`, r: '', vw: 1280 }] }),
        }).then((res) => res.status);
      expect(await collect(procs.a.base, 'from-a')).toBeLessThan(300);
      expect(await collect(procs.b.base, 'from-b')).toBeLessThan(300);
      const token = await signIn(procs.a.base, DEMO.single);
      const overview = async (base: string) => {
        const res = await get(base, `/api/site-tag/audience?from=${day}&to=${day}&siteId=5101`, token, '1002');
        expect(res.status).toBe(200);
        return (await res.json()) as { totals: { pageViews: number }; topPages: { key: string; value: number }[] };
      };
      // Each collector flushes its batch within a second; then both processes read both events.
      const pages = async (base: string) => (await overview(base)).topPages.map((p) => p.key).sort();
      await expect.poll(() => pages(procs.a.base), { timeout: 15_000, interval: 250 }).toEqual(['/from-a', '/from-b']);
      expect(await pages(procs.b.base)).toEqual(['/from-a', '/from-b']);
      expect((await overview(procs.b.base)).totals.pageViews).toBe(2);
    });
  });
}
