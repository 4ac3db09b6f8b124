import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createJobQueue } from '../../lib/jobs/job-queue';
import { ADSTXT_CRAWL_QUEUE, queueDueCrawls, type AdsTxtCrawlPayload } from './adstxt-crawl.job';

// The daily crawl schedule: the demo seed recorded a crawl an hour ago for
// northwind-news.example (d5001) and none for Evergreen Travel (d5202).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function queuedCrawls(): Promise<AdsTxtCrawlPayload[]> {
  const rows = await t.db
    .selectFrom('jobs')
    .select('payload')
    .where('queue', '=', ADSTXT_CRAWL_QUEUE)
    .where('status', '=', 'queued')
    .execute();
  return rows.map((r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as AdsTxtCrawlPayload);
}

describe('daily ads.txt crawl scheduling', () => {
  it('queues the domains not crawled for a day, once each however often it runs, and later the rest', async () => {
    const jobs = createJobQueue(t.db, pino({ level: 'silent' }));
    const first = await queueDueCrawls(t.db, jobs);
    expect(first).toBeGreaterThan(0);
    await queueDueCrawls(t.db, jobs); // a second process, or the next tick: the dedupe key keeps one job per domain
    const queued = await queuedCrawls();
    expect(queued).toHaveLength(first);
    expect(queued).toContainEqual({ publisherId: '1003', domainId: 'd5202' });
    expect(queued.some((p) => p.domainId === 'd5001')).toBe(false);
    expect(new Set(queued.map((p) => p.domainId)).size).toBe(queued.length);

    // A day and more later the freshly crawled domain is due too; the pending ones are not doubled.
    const later = await queueDueCrawls(t.db, jobs, new Date(Date.now() + 2 * 86_400_000));
    const all = await queuedCrawls();
    expect(all).toContainEqual({ publisherId: '1001', domainId: 'd5001' });
    expect(all).toHaveLength(later);
    expect(later).toBeGreaterThan(first);
  });
});
