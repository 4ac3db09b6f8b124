import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DuckDbReportEngine } from '../../report-engine/duckdb-engine';
import { duckDbSiteTagStore, type StoredTagEvent } from './site-tag.store';

const dir = mkdtempSync(path.join(os.tmpdir(), 'pc-tag-store-'));
const engine = new DuckDbReportEngine(path.join(dir, 'facts.duckdb'));
afterAll(async () => {
  await engine.close();
  rmSync(dir, { recursive: true, force: true });
});

const row = (over: Partial<StoredTagEvent>): StoredTagEvent => ({
  ts: 1_780_000_000_000,
  publisherId: '1001',
  siteId: '5001',
  kind: 'pv',
  pageId: 'p1',
  visitor: 1n,
  path: '/',
  template: '/',
  entry: true,
  referrer: '',
  source: 'direct',
  medium: '(none)',
  campaign: '',
  device: 'desktop',
  browser: 'Chrome',
  country: '',
  engagedMs: null,
  scrollPct: null,
  metric: '',
  value: null,
  attribution: '',
  weight: 1,
  ...over,
});

describe('site-tag store', () => {
  it('appends a batch exactly: 64-bit visitors, nulls, quotes, newlines, backslashes and emoji and NUL survive', async () => {
    await engine.init();
    const store = duckDbSiteTagStore(engine, { tmpDir: dir });
    await store.init();
    const rows = [
      row({ visitor: -9_223_372_036_854_775_808n, path: `/it's "quoted"\\n\\\\x\u0000` }),
      row({ visitor: 9_223_372_036_854_775_807n, kind: 'en', engagedMs: 12_345, scrollPct: 80, campaign: 'summer 🌞', pageId: 'p2' }),
      row({ kind: 'wv', metric: 'CLS', value: 0.125, attribution: 'div#a\nb', pageId: 'p3', entry: false }),
    ];
    await store.append(rows);
    await store.append([]);
    const back = await store.query(
      `SELECT visitor::VARCHAR AS visitor, path, kind, engaged_ms, scroll_pct, campaign, metric, value, attribution, entry
       FROM site_tag_events ORDER BY page_id`,
    );
    expect(back).toEqual([
      {
        visitor: '-9223372036854775808',
        path: `/it's "quoted"\\n\\\\x\u0000`,
        kind: 'pv',
        engaged_ms: null,
        scroll_pct: null,
        campaign: '',
        metric: '',
        value: null,
        attribution: '',
        entry: true,
      },
      {
        visitor: '9223372036854775807',
        path: '/',
        kind: 'en',
        engaged_ms: 12_345,
        scroll_pct: 80,
        campaign: 'summer 🌞',
        metric: '',
        value: null,
        attribution: '',
        entry: true,
      },
      {
        visitor: '1',
        path: '/',
        kind: 'wv',
        engaged_ms: null,
        scroll_pct: null,
        campaign: '',
        metric: 'CLS',
        value: 0.125,
        attribution: 'div#a\nb',
        entry: false,
      },
    ]);
  });

  it('stores a batch larger than its serialising slice whole: every row once (slices of 500, 1,234 rows)', async () => {
    const store = duckDbSiteTagStore(engine, { tmpDir: dir });
    await store.init();
    const rows = Array.from({ length: 1234 }, (_, i) => row({ siteId: 'slices', visitor: BigInt(i), pageId: `s${i}` }));
    await store.append(rows);
    const [got] = await store.query(
      `SELECT count(*)::INTEGER AS n, count(DISTINCT page_id)::INTEGER AS pages, sum(visitor)::VARCHAR AS total FROM site_tag_events WHERE site_id = 'slices'`,
    );
    expect(got).toEqual({ n: 1234, pages: 1234, total: String((1233 * 1234) / 2) });
    await store.close();
  });

  it('keeps its spool folder only while open: close() leaves nothing behind', async () => {
    const spoolParent = mkdtempSync(path.join(dir, 'spool-'));
    const store = duckDbSiteTagStore(engine, { tmpDir: spoolParent });
    await store.init();
    expect(readdirSync(spoolParent)).toEqual([]); // nothing made before the first batch
    await store.append([row({ pageId: 'spool-1' })]);
    const made = readdirSync(spoolParent);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatch(/^pc-site-tag-/);
    expect(readdirSync(path.join(spoolParent, made[0]!))).toEqual([]); // each batch file is removed after its insert
    await store.close();
    expect(readdirSync(spoolParent)).toEqual([]);
    await expect(store.append([row({ pageId: 'spool-2' })])).rejects.toThrow(/closed/);
    const [n] = await store.query(`SELECT count(*)::INTEGER AS n FROM site_tag_events WHERE page_id LIKE 'spool-%'`);
    expect(n?.n).toBe(1);
  });
});
