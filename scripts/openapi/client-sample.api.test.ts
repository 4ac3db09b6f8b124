import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../apps/server/test/test-app';
import { DEMO_EMAILS, DEMO_PASSWORD } from '../../apps/server/src/demo/demo-data';
import type { SampleOptions, SampleResult } from './client-sample-types';

// The sample an outside client compiles (client-sample.ts, openapi.test.ts) also works: its calls,
// made by openapi-fetch, reach the app through a fetch that injects them (no socket), as the
// demo publisher's media owner. The sample is loaded by a computed path: its `./schema` types
// exist only beside the copy the compile test makes, and at run time they are erased.

interface Sample {
  sampleCalls(o: SampleOptions): Promise<SampleResult>;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** fetch over Fastify's inject: the request as openapi-fetch builds it, the answer as a Response. */
const injectFetch: typeof fetch = async (input, init) => {
  const req = new Request(input, init);
  const url = new URL(req.url);
  const body = req.body ? Buffer.from(await req.arrayBuffer()) : undefined;
  const res = await t.app.inject({
    method: req.method as 'GET',
    url: url.pathname + url.search,
    headers: Object.fromEntries(req.headers),
    ...(body && { payload: body }),
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) headers.set(name, String(value));
  const empty = res.statusCode === 204 || res.statusCode === 304;
  return new Response(empty ? null : res.rawPayload, { status: res.statusCode, headers });
};

describe('the OpenAPI client sample', () => {
  it('signs in, reads the home summary, runs a report, lists incidents and downloads the report', async () => {
    const samplePath = './client-sample';
    const { sampleCalls } = (await import(/* @vite-ignore */ samplePath)) as Sample;
    const result = await sampleCalls({
      baseUrl: 'http://partners.test',
      email: DEMO_EMAILS.single,
      password: DEMO_PASSWORD,
      publisherId: '1002',
      reportDay: Date.now(),
      fetch: injectFetch,
    });
    expect(result.idToken).not.toBe('');
    expect(typeof result.revenueYesterday).toBe('number');
    expect(result.reportColumns).toContain('revenue');
    expect(Array.isArray(result.openIncidents)).toBe(true);
    expect(result.csv.split('\n')[0]).toMatch(/revenue/i);
  });
});
