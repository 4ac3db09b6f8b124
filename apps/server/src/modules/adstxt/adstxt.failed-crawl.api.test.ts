import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';
import type { GuardedFetch, GuardedResponse } from '../../lib/outbound/guarded-fetch';
import { OutboundNetworkError } from '../../lib/outbound/outbound-errors';
import { createAdsTxtCrawler } from './crawler/guarded-ads-txt-crawler';

// After a failed verify the page must not show a false all-clear. The real
// crawler runs; only the network is scripted: first the file is served, then the name stops resolving.
let network: (url: string) => GuardedResponse = () => {
  throw new Error('unset');
};
const fetch = Object.assign(async (url: string | URL) => network(String(url)), { close: async () => undefined }) as GuardedFetch;

let t: TestApp;
let multi: string;
beforeAll(async () => {
  t = await createTestApp({}, { adsTxtCrawler: createAdsTxtCrawler({ allowHosts: [], fetch }) });
  multi = (await signIn(t.app, DEMO.multi)).idToken;
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST', url: string) => t.app.inject({ method, url, headers: bearer(multi, '1001') });

describe('a failed crawl after a good one', () => {
  it('shows as failed, keeps the last good copy, and never says nothing is missing', async () => {
    const required: string[] = (await call('GET', '/api/adstxt/domains/d5001')).json().requiredLines;
    network = (url) => ({ url, status: 200, headers: { 'content-type': 'text/plain' }, body: Buffer.from(required.join('\n') + '\n') });
    const good = (await call('POST', '/api/adstxt/domains/d5001/verify')).json();
    expect(good).toMatchObject({
      status: 'authorized',
      missingCount: 0,
      errorReason: null,
      readInLatestCrawl: true,
      lastAttempt: { ok: true },
    });
    const goodAt = good.lastCrawl.at as string;

    await new Promise((r) => setTimeout(r, 20));
    network = (url) => {
      throw new OutboundNetworkError(url, 'dns', 'ENOTFOUND');
    };
    const res = await call('POST', '/api/adstxt/domains/d5001/verify');
    expect(res.statusCode).toBe(200);
    const failed = res.json();
    expect(failed.status).toBe('error');
    expect(failed.errorReason).toBe('The name northwind-news.example does not resolve: it has no DNS record, or the domain has lapsed.');
    expect(failed.errorReason).not.toMatch(/ENOTFOUND|\(E[A-Z]+\)/);
    // "Last crawl" is the last successful read, not the failed attempt.
    expect(failed.lastCrawl).toMatchObject({ at: goodAt, usedPrevious: true });
    expect(failed.lastAttempt.ok).toBe(false);
    expect(new Date(failed.lastAttempt.at).getTime()).toBeGreaterThan(new Date(goodAt).getTime());
    expect(failed.readInLatestCrawl).toBe(false);
    // The last good copy is kept and shown.
    expect(failed.crawl.content).toBe(required.join('\n') + '\n');

    const listed = (await call('GET', '/api/adstxt/domains')).json().find((d: { domain_id: string }) => d.domain_id === 'd5001');
    expect(listed).toMatchObject({ status: 'error', readInLatestCrawl: false, lastCrawl: { at: goodAt } });
  });

  it('a failed crawl with no good copy to keep shows no last read, only the failed attempt', async () => {
    network = (url) => {
      throw new OutboundNetworkError(url, 'connect', 'ECONNREFUSED');
    };
    const d = (await call('POST', '/api/adstxt/domains/d5002/verify')).json();
    expect(d).toMatchObject({ status: 'error', lastCrawl: null, readInLatestCrawl: false, lastAttempt: { ok: false } });
    expect(d.errorReason).not.toContain('ECONNREFUSED');
  });
});
