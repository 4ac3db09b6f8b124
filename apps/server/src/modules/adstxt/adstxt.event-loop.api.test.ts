import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';
import { adsTxtRepo } from './adstxt.repo';
import { slowestHealthzDuring } from '../../../test/event-loop-probe';

// Saving and diffing a 2 MiB hosted ads.txt must not stall other requests.
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await signIn(t.app, DEMO.multi)).idToken;
});
afterAll(async () => t.close());

/** A valid ads.txt of about `bytes` bytes whose records all differ from another seed's. */
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
  t.app.inject({
    method: 'POST',
    url: '/api/adstxt/domains/d5001/revisions',
    headers: bearer(token, '1001'),
    payload: { content },
  });

describe('big ads.txt revisions off the event loop', () => {
  it('answers /healthz within 200 ms while two 2 MiB revisions are saved and diffed', async () => {
    const a = bigFile(2 * 1024 * 1024, 'a');
    const b = bigFile(2 * 1024 * 1024, 'b');
    // Warm the worker threads (their start-up is not what is measured).
    expect((await save('warm.example, 1, DIRECT\n')).statusCode).toBe(200);

    const first = await slowestHealthzDuring(t.app, () => save(a));
    expect(first.result.statusCode).toBe(200);
    const second = await slowestHealthzDuring(t.app, () => save(b));
    expect(second.result.statusCode).toBe(200);
    const lines = a.split('\n').length - 1;
    expect(second.result.json()).toMatchObject({ linesAdded: b.split('\n').length - 1, linesRemoved: lines });

    const diff = await slowestHealthzDuring(t.app, () =>
      t.app.inject({
        method: 'GET',
        url: `/api/adstxt/domains/d5001/diff?from=${first.result.json().revision_id}&to=${second.result.json().revision_id}`,
        headers: bearer(token, '1001'),
      }),
    );
    expect(diff.result.statusCode).toBe(200);
    const runs = diff.result.json() as { type: string; lines: string[] }[];
    expect(runs.filter((r) => r.type === 'removed').reduce((n, r) => n + r.lines.length, 0)).toBe(lines);

    for (const m of [first, second, diff]) {
      expect(m.calls).toBeGreaterThan(0);
      expect(m.slowest).toBeLessThan(200);
    }
  }, 120_000);

  it('answers /healthz within 200 ms while the domain page and list parse a 2 MiB crawled file', async () => {
    const crawled = bigFile(2 * 1024 * 1024, 'crawled');
    await adsTxtRepo(t.db).insertCrawl({
      domain_id: 'd5001',
      status: 'ok',
      http_status: 200,
      redirect_chain: [],
      final_url: 'https://example.test/ads.txt',
      content: crawled,
      content_hash: 'big',
      error_reason: null,
      used_previous: false,
      stale: false,
      fetched_at: new Date(),
      previous_fetched_at: null,
    });
    const read = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token, '1001') });
    const detail = await slowestHealthzDuring(t.app, () => read('/api/adstxt/domains/d5001'));
    expect(detail.result.statusCode).toBe(200);
    // The page still shows the parsed file: every required line is judged against its records.
    expect(detail.result.json()).toMatchObject({ domain_id: 'd5001', readInLatestCrawl: true, crawl: { problems: [] } });
    expect(detail.result.json().missingCount).toBe(detail.result.json().requiredLines.length);
    const list = await slowestHealthzDuring(t.app, () => read('/api/adstxt/domains'));
    expect(list.result.statusCode).toBe(200);
    for (const m of [detail, list]) {
      expect(m.calls).toBeGreaterThan(0);
      expect(m.slowest).toBeLessThan(200);
    }
  }, 120_000);

  it('refuses content over 2 MiB with 400 and a body over 3 MiB with 413, saving nothing', async () => {
    const before = (
      await t.app.inject({ method: 'GET', url: '/api/adstxt/domains/d5001/revisions', headers: bearer(token, '1001') })
    ).json();
    const tooLong = await save('x'.repeat(2 * 1024 * 1024 + 1));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields.content).toBe('The file is larger than 2 MiB.');
    const tooBig = await save('y'.repeat(3 * 1024 * 1024 + 1));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().name).toBe('PayloadTooLarge');
    const after = (
      await t.app.inject({ method: 'GET', url: '/api/adstxt/domains/d5001/revisions', headers: bearer(token, '1001') })
    ).json();
    expect(after).toHaveLength(before.length);
  });

  it('exposes the event-loop lag in /metrics', async () => {
    const m = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(m.body).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
  });
});
