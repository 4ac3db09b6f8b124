import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';
import { createGuardedFetch, type GuardedFetch } from '../../lib/outbound/guarded-fetch';
import { closedPort, startLocalTestServer, tableResolver, type LocalTestServer } from '../../../test/local-test-server';
import { createAdsTxtCrawler } from './crawler/guarded-ads-txt-crawler';

// Real crawls: the real crawler and guarded client fetch sport.northwind-news.example/ads.txt from
// a local server (the name resolves to 127.0.0.1, allow-listed as OUTBOUND_ALLOW_HOSTS allows in
// tests; https is refused, so the crawler falls back to http as it does for real sites).
const DOMAIN = 'sport.northwind-news.example';
let t: TestApp;
let server: LocalTestServer;
let fetch: GuardedFetch;
let multi: string;
let served: string | null = null;

beforeAll(async () => {
  server = await startLocalTestServer((req, res, host) => {
    if (host === DOMAIN && req.url === '/ads.txt' && served !== null) res.writeHead(200, { 'content-type': 'text/plain' }).end(served);
    else res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  fetch = createGuardedFetch({ allowHosts: ['127.0.0.1'], resolve: tableResolver({ [DOMAIN]: '127.0.0.1' }), timeoutMs: 5_000 });
  const adsTxtCrawler = createAdsTxtCrawler({ allowHosts: ['127.0.0.1'], fetch, ports: { https: await closedPort(), http: server.port } });
  t = await createTestApp({ OUTBOUND_ALLOW_HOSTS: '127.0.0.1' }, { adsTxtCrawler });
  multi = (await signIn(t.app, DEMO.multi)).idToken;
});
afterAll(async () => {
  await t.close();
  await fetch.close();
  await server.close();
});

const call = (method: 'GET' | 'POST', url: string) => t.app.inject({ method, url, headers: bearer(multi, '1001') });
const crawl = async () => {
  const res = await call('POST', '/api/adstxt/domains/d5002/verify');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { status: string; missingCount: number };
};
const linesIncident = () =>
  t.db.selectFrom('incidents').select(['id', 'status', 'type']).where('dedupe_key', '=', 'adstxt:d5002:lines').executeTakeFirst();
/** Mails about this domain, after the queued incident mails ran. */
const mails = async () => {
  while ((await t.built.workers.incidentNotifications.drain()) > 0);
  return t.db
    .selectFrom('outbox')
    .select(['to_address', 'subject', 'text_body'])
    .where('text_body', 'like', `%${DOMAIN}%`)
    .orderBy('id')
    .execute();
};

describe('ads.txt crawls open and resolve incidents', () => {
  it('a crawl that finds required lines gone opens one incident and sends one e-mail per person; a later crawl resolves it', async () => {
    const required: string[] = (await call('GET', '/api/adstxt/domains/d5002')).json().requiredLines;
    expect(required.length).toBeGreaterThan(1);
    served = required.join('\n') + '\n';
    expect(await crawl()).toMatchObject({ status: 'authorized', missingCount: 0 });
    expect((await linesIncident())?.status ?? 'resolved').toBe('resolved');
    const before = (await mails()).length;

    served = required.slice(1).join('\n') + '\n';
    expect(await crawl()).toMatchObject({ status: 'missing_lines', missingCount: 1 });
    const opened = await linesIncident();
    expect(opened).toMatchObject({ status: 'open', type: 'adstxt' });
    const listed = (await call('GET', '/api/incidents?status=open')).json() as { id: string }[];
    expect(listed.map((i) => i.id)).toContain(opened!.id);
    const worse = (await mails()).slice(before);
    // One e-mail per person: the ads.txt alert's words, carried by the incident's queued mail.
    expect(worse.length).toBeGreaterThan(0);
    expect(new Set(worse.map((m) => m.to_address)).size).toBe(worse.length);
    expect(worse.map((m) => m.subject)).toEqual(worse.map(() => `${DOMAIN}: ads.txt lost required lines`));
    expect(worse[0]!.text_body).toContain('its ads.txt has lost 1 required line (1 now missing)');
    expect(worse[0]!.text_body).toContain('/incidents');

    // The same state again: an occurrence of the open incident, no e-mail.
    await crawl();
    expect((await mails()).length).toBe(before + worse.length);

    served = required.join('\n') + '\n';
    expect(await crawl()).toMatchObject({ status: 'authorized', missingCount: 0 });
    expect(await linesIncident()).toMatchObject({ id: opened!.id, status: 'resolved' });
    const detail = (await call('GET', `/api/incidents/${opened!.id}`)).json() as { events: { kind: string; note: string | null }[] };
    expect(detail.events.map((e) => e.kind)).toEqual(expect.arrayContaining(['occurrence', 'resolved']));
    expect(detail.events.find((e) => e.kind === 'resolved')?.note).toBe('Every required line is in the file again.');
  });
});
