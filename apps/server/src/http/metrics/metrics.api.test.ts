import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMetrics } from './metrics';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';

describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('exposes process figures, request durations by route pattern, and the job backlog', async () => {
    const token = (await signIn(t.app, DEMO.multi)).idToken;
    await t.app.inject({ method: 'GET', url: '/api/partners', headers: bearer(token) });
    await t.app.inject({ method: 'GET', url: '/healthz' });
    await t.db
      .insertInto('jobs')
      .values({ queue: 'metrics-test', payload: JSON.stringify({}) })
      .execute();

    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('process_resident_memory_bytes');
    expect(res.body).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/healthz",status_code="200"\} 1\b/);
    expect(res.body).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/partners",status_code="200"\} 1\b/);
    expect(res.body).toMatch(/pc_jobs\{queue="metrics-test",status="queued"\} 1\b/);
  });

  it("shows the embedded report store's memory, held by the demo facts and within its limit", async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const bytes = Number(/^pc_report_store_memory_bytes (\d+)$/m.exec(body)?.[1]);
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(2 * 1000 ** 3);
  });

  it('still answers when the report store cannot tell its memory (closing), with that figure unknown (NaN)', async () => {
    const app = Fastify();
    registerMetrics(app, { db: t.db, token: null, reportStoreMemory: () => Promise.reject(new Error('The report engine is closed.')) });
    try {
      const res = await app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('process_resident_memory_bytes');
      expect(res.body).toMatch(/^pc_report_store_memory_bytes nan$/im);
    } finally {
      await app.close();
    }
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('answers only a scraper on this machine, not the network or a request through a proxy', async () => {
    const t = await createTestApp();
    try {
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' })).statusCode).toBe(403);
      const proxied = await t.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(proxied.statusCode).toBe(403);
    } finally {
      await t.close();
    }
  });

  it('counts every proxy header as forwarded, not only X-Forwarded-For (X-Real-IP, Forwarded, and the CDN ones)', async () => {
    const t = await createTestApp();
    try {
      for (const [name, value] of [
        ['x-real-ip', '203.0.113.9'],
        ['forwarded', 'for=203.0.113.9;proto=https'],
        ['cf-connecting-ip', '203.0.113.9'],
        ['true-client-ip', '203.0.113.9'],
        ['x-client-ip', '203.0.113.9'],
      ]) {
        const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { [name!]: value! } });
        expect({ name, status: res.statusCode }).toEqual({ name, status: 403 });
        expect(res.json().message).toBe('Metrics are only served to this machine. Set METRICS_TOKEN to scrape from elsewhere.');
      }
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: 'scrape-secret' });
  });
  afterAll(async () => t.close());

  it('refuses a scrape without the token or with a wrong one, and answers with it', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer nope' } })).statusCode).toBe(401);
    const ok = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer scrape-secret' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('http_request_duration_seconds');
  });
});
