import { get as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';
import { hostedFileContent, requiredLinesFor } from './required-lines/domain-required-lines';

// The hosted ads.txt and app-ads.txt are served, not parsed: the file as served is rendered once
// (in the worker threads) when its inputs change and stored; a GET reads bytes, with a strong
// ETag and 304 on If-None-Match (hosted-file.service.ts). Before, every anonymous GET re-parsed the
// whole latest revision on the event loop: one GET of a 2 MiB file lagged it 155-315 ms.
let t: TestApp;
let multi: string;
let admin: string;
let demoTemplate: string;
beforeAll(async () => {
  t = await createTestApp();
  multi = (await signIn(t.app, DEMO.multi)).idToken;
  admin = (await signIn(t.app, DEMO.admin)).idToken;
  demoTemplate = (await t.app.inject({ method: 'GET', url: '/api/adstxt/template', headers: bearer(admin) })).json().content;
  expect(
    (await t.app.inject({ method: 'POST', url: '/api/adstxt/domains/d5001/hosting', headers: bearer(multi, '1001') })).statusCode,
  ).toBe(200);
});
afterAll(async () => t.close());

const URL = '/hosted/ads-txt/northwind-news.example/ads.txt';

/** A valid ads.txt of about `bytes` bytes. */
function bigFile(bytes: number, seed: string): string {
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes - 100; i++) {
    const line = `exchange${i % 97}.example, ${seed}-${i}, ${i % 3 ? 'DIRECT' : 'RESELLER'}`;
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join('\n') + '\n';
}

const save = (content: string) =>
  t.app.inject({ method: 'POST', url: '/api/adstxt/domains/d5001/revisions', headers: bearer(multi, '1001'), payload: { content } });
const putTemplate = (content: string) =>
  t.app.inject({ method: 'PUT', url: '/api/adstxt/template', headers: bearer(admin), payload: { content } });
const hosted = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: URL, headers });

/** What the hosted file must be, computed here from the inputs as they are now. */
async function expected(own: string): Promise<string> {
  const ids = await t.db
    .selectFrom('publishers')
    .select(['id as publisher_id', 'appnexus_marketplace_id as pub_an_id', 'appnexus_direct_id'])
    .where('id', '=', '1001')
    .executeTakeFirstOrThrow();
  const template = (await t.db.selectFrom('adstxt_template').select('content').executeTakeFirstOrThrow()).content;
  return hostedFileContent(own, requiredLinesFor(template, ids));
}

/** One GET over a real socket, the body counted and dropped (a client in this process must not copy 2 MiB). */
function getOverHttp(base: string, path: string): Promise<{ status: number; length: number }> {
  return new Promise((resolve, reject) => {
    httpGet(`${base}${path}`, (res) => {
      let length = 0;
      res.on('data', (chunk: Buffer) => (length += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, length }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

/** Tasks the CPU worker pool has completed, from /metrics (this test is a loopback scraper). */
const poolTasks = async () => {
  const m = /^pc_worker_pool_tasks_completed (\d+)$/m.exec((await t.app.inject({ method: 'GET', url: '/metrics' })).body);
  expect(m).not.toBeNull();
  return Number(m?.[1]);
};

/** GETs the hosted file `count` times at once over HTTP while /healthz is called every 5 ms. */
async function healthzDuringGets(count: number): Promise<{ p50: number; p99: number; statuses: number[]; lengths: number[] }> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const times: number[] = [];
  let done = false;
  const probe = (async () => {
    while (!done) {
      const t0 = performance.now();
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      times.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  const results = await Promise.all(Array.from({ length: count }, () => getOverHttp(base, URL)));
  done = true;
  await probe;
  const sorted = times.sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
  return { p50: at(0.5), p99: at(0.99), statuses: results.map((r) => r.status), lengths: results.map((r) => r.length) };
}

describe('hosted ads.txt served from its stored rendering', () => {
  it('serves 200 concurrent GETs of a 2 MiB hosted file without parsing it, and /healthz stays answered', async () => {
    const big = bigFile(2 * 1024 * 1024, 'hosted');
    expect((await save(big)).statusCode).toBe(200);
    const body = await expected(big);
    expect((await hosted()).body).toBe(body); // warm: this process has the bytes
    const tasksBefore = await poolTasks();
    const m = await healthzDuringGets(200);
    // Not one parse or render for the 200 GETs: the stored bytes are served as they are.
    expect(await poolTasks()).toBe(tasksBefore);
    expect(new Set(m.statuses)).toEqual(new Set([200]));
    expect(new Set(m.lengths)).toEqual(new Set([Buffer.byteLength(body)]));
    console.log(
      `/healthz during 200 concurrent GETs of a ${(body.length / 1048576).toFixed(1)} MiB hosted file: p50 ${m.p50.toFixed(1)} ms, p99 ${m.p99.toFixed(1)} ms`,
    );
    // The 50 ms target is bench:hosted's, on a quiet machine; here, among parallel test files, the
    // bound is the other event-loop tests' (the old code's p99 was over a second).
    expect(m.p99).toBeLessThan(200);
  }, 120_000);

  it('is stored when a revision is saved, before any GET', async () => {
    expect((await save('storedssp.example, 42, DIRECT\n')).statusCode).toBe(200);
    const row = await t.db
      .selectFrom('adstxt_hosted_files')
      .select(['content', 'etag'])
      .where('domain_id', '=', 'd5001')
      .executeTakeFirst();
    expect(row?.content).toBe(await expected('storedssp.example, 42, DIRECT\n'));
    const res = await hosted();
    expect(res.headers.etag).toBe(row?.etag);
  });

  it('answers with a strong ETag, and 304 without a body on If-None-Match', async () => {
    expect((await save('etagssp.example, 1, DIRECT\n')).statusCode).toBe(200);
    const first = await hosted();
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{20,}"$/);
    const again = await hosted({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await hosted({ 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
    expect((await hosted({ 'if-none-match': '"other"' })).statusCode).toBe(200);
    // A new revision is new bytes: a new ETag, and the old one no longer matches.
    expect((await save('etagssp.example, 2, DIRECT\n')).statusCode).toBe(200);
    const changed = await hosted({ 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body).toBe(await expected('etagssp.example, 2, DIRECT\n'));
  });

  it('follows a template change and a change of the publisher ids the required lines use', async () => {
    const own = 'followssp.example, 7, DIRECT\n';
    expect((await save(own)).statusCode).toBe(200);
    const before = await hosted();
    try {
      expect((await putTemplate(`${demoTemplate}\nnewssp.example, {appnexus_direct_id}, DIRECT`)).statusCode).toBe(200);
      await t.db.updateTable('publishers').set({ appnexus_direct_id: '777123' }).where('id', '=', '1001').execute();
      const after = await hosted({ 'if-none-match': before.headers.etag as string });
      expect(after.statusCode).toBe(200);
      expect(after.body).toContain('newssp.example, 777123, DIRECT');
      expect(after.body).toBe(await expected(own));
      await t.db.updateTable('publishers').set({ appnexus_direct_id: '888456' }).where('id', '=', '1001').execute();
      const again = await hosted();
      expect(again.body).toContain('newssp.example, 888456, DIRECT');
      expect(again.body).not.toContain('777123');
      const stored = await t.db.selectFrom('adstxt_hosted_files').select('content').where('domain_id', '=', 'd5001').executeTakeFirst();
      expect(stored?.content).toBe(again.body);
    } finally {
      expect((await putTemplate(demoTemplate)).statusCode).toBe(200);
    }
    // Back to the demo template: the extra line is gone again.
    const restored = await hosted();
    expect(restored.body).not.toContain('newssp.example');
    expect(restored.body).toBe(await expected(own));
  });
});
