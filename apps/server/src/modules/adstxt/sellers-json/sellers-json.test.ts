import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdsTxtRecord } from '@pc/contracts';
import { createGuardedFetch } from '../../../lib/outbound/guarded-fetch';
import { startLocalTestServer, type LocalTestServer } from '../../../../test/local-test-server';
import { crossCheckSellers, type SystemSellers } from './cross-check';
import { fetchSellersJson } from './fetch-sellers-json';
import { SellersJsonStream } from './sellers-json-stream';

const SMALL = JSON.stringify({
  version: '1.0',
  contact_email: 'adops@exchange.test',
  sellers: [
    { seller_id: 'pub-1', seller_type: 'PUBLISHER', name: 'Example News', domain: 'examplenews.com' },
    { seller_id: 'res-2', seller_type: 'INTERMEDIARY', name: 'Resell Co', domain: 'resell.example' },
    { seller_id: 3, seller_type: 'BOTH', name: 'Numeric Id Ltd', domain: 'numeric.example' },
    { seller_id: 'conf-4', seller_type: 'PUBLISHER', is_confidential: 1 },
    { seller_id: 'other-5', seller_type: 'PUBLISHER', name: 'Someone Else', domain: 'someoneelse.example' },
    { seller_type: 'WHATEVER', name: 'no id' },
  ],
});

let server: LocalTestServer;
beforeAll(async () => {
  server = await startLocalTestServer((req, res) => {
    if (req.url === '/small') {
      if (req.headers['if-none-match'] === '"v1"') {
        res.writeHead(304).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json', etag: '"v1"' }).end(SMALL);
    } else if (req.url === '/moved') {
      res.writeHead(301, { location: '/small' }).end();
    } else if (req.url === '/malformed') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"sellers": [{"seller_id": "a", ');
    } else if (req.url === '/big') {
      // ~8 MB streamed in chunks without a content-length: the cap must stop it mid-way.
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"version":"1.0","sellers":[');
      let i = 0;
      const chunk = () => {
        while (i < 100_000) {
          const piece = `${i ? ',' : ''}{"seller_id":"s${i}","seller_type":"INTERMEDIARY","name":"Seller number ${i}","domain":"s${i}.example"}`;
          i++;
          if (!res.write(piece)) return void res.once('drain', chunk);
        }
        res.end(']}');
      };
      res.on('error', () => undefined);
      chunk();
    } else res.writeHead(404).end();
  });
});
afterAll(async () => server.close());

const fetch = () => createGuardedFetch({ allowHosts: ['127.0.0.1'] });
const url = (path: string) => server.url('127.0.0.1', path);

describe('fetchSellersJson', () => {
  it('reads a small file, keeping only the wanted sellers and counting spec departures', async () => {
    const got = await fetchSellersJson(fetch(), 'exchange.test', new Set(['pub-1', '3', 'missing']), {
      maxBytes: 1 << 20,
      baseUrl: url('/small'),
    });
    expect(got.status).toBe('ok');
    if (got.status !== 'ok') return;
    expect(got.etag).toBe('"v1"');
    expect(got.summary.sellerCount).toBe(6);
    expect([...got.summary.found.keys()].sort()).toEqual(['3', 'pub-1']);
    expect(got.summary.found.get('3')).toEqual({
      sellerId: '3',
      sellerType: 'BOTH',
      domain: 'numeric.example',
      name: 'Numeric Id Ltd',
      confidential: false,
    });
    expect(got.summary.issues.map((i) => [i.code, i.count])).toEqual([['missing_seller_id', 1]]);
  });

  it('reports seller ids listed twice and keys the spec does not define, ext allowed', () => {
    const stream = new SellersJsonStream(new Set(['a']));
    const file = {
      version: '1.0',
      ext: { anything: 1 },
      contact_phone: '+1 555',
      sellers: [
        { seller_id: 'a', seller_type: 'PUBLISHER', name: 'A', domain: 'a.example', ext: { x: 1 } },
        { seller_id: 'b', seller_type: 'INTERMEDIARY', name: 'B', domain: 'b.example', sellerType: 'oops' },
        { seller_id: 'a', seller_type: 'PUBLISHER', name: 'A again', domain: 'a.example' },
        { seller_id: 7, seller_type: 'BOTH', name: 'Seven', domain: 's.example' },
        { seller_id: '7', seller_type: 'BOTH', name: 'Seven as text', domain: 's.example' },
      ],
    };
    const text = JSON.stringify(file);
    // In small pieces, as a response arrives.
    for (let i = 0; i < text.length; i += 7) stream.write(Buffer.from(text.slice(i, i + 7)));
    const summary = stream.end();
    expect(summary.sellerCount).toBe(5);
    expect(summary.found.get('a')?.name).toBe('A');
    expect(summary.issues).toEqual([
      { code: 'unknown_key', count: 2, example: '"contact_phone" at the top level' },
      { code: 'duplicate_seller_id', count: 2, example: 'seller a' },
    ]);
  });

  it('follows redirects and sends the validators it holds (304 -> not modified)', async () => {
    const got = await fetchSellersJson(fetch(), 'exchange.test', new Set(['pub-1']), {
      maxBytes: 1 << 20,
      baseUrl: url('/moved'),
      etag: '"v1"',
    });
    expect(got).toEqual({ status: 'not_modified' });
  });

  it('reports malformed JSON as malformed', async () => {
    const got = await fetchSellersJson(fetch(), 'exchange.test', new Set(['a']), { maxBytes: 1 << 20, baseUrl: url('/malformed') });
    expect(got).toMatchObject({ status: 'malformed' });
  });

  it('stops a large file at the cap while streaming, with memory bounded by the wanted set', async () => {
    const rssBefore = process.memoryUsage().rss;
    const got = await fetchSellersJson(fetch(), 'big.test', new Set(['s10']), { maxBytes: 2 * 1024 * 1024, baseUrl: url('/big') });
    expect(got).toMatchObject({ status: 'too_large', reason: expect.stringContaining('larger than 2 MB') });
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(64 * 1024 * 1024);
  });

  it('streams a large file under a big enough cap and finds the wanted seller', async () => {
    const got = await fetchSellersJson(fetch(), 'big.test', new Set(['s99999', 's5']), {
      maxBytes: 64 * 1024 * 1024,
      baseUrl: url('/big'),
    });
    expect(got.status).toBe('ok');
    if (got.status !== 'ok') return;
    expect(got.summary.sellerCount).toBe(100_000);
    expect([...got.summary.found.keys()].sort()).toEqual(['s5', 's99999']);
  });

  it('says a missing file is missing, in plain words', async () => {
    const got = await fetchSellersJson(fetch(), 'exchange.test', new Set(), { maxBytes: 1 << 20, baseUrl: url('/none') });
    expect(got).toEqual({ status: 'not_found', reason: 'exchange.test publishes no sellers.json.' });
  });
});

describe('crossCheckSellers', () => {
  const rec = (line: number, domain: string, accountId: string, relationship: 'DIRECT' | 'RESELLER'): AdsTxtRecord => ({
    line,
    raw: `${domain}, ${accountId}, ${relationship}`,
    domain,
    accountId,
    relationship,
  });

  it('reports each outcome per record', async () => {
    const got = await fetchSellersJson(fetch(), 'exchange.test', new Set(['pub-1', 'res-2', '3', 'conf-4', 'other-5', 'nope']), {
      maxBytes: 1 << 20,
      baseUrl: url('/small'),
    });
    if (got.status !== 'ok') throw new Error(got.status);
    const systems = new Map<string, SystemSellers>([
      ['exchange.test', { available: true, found: got.summary.found }],
      ['down.test', { available: false, reason: 'down.test publishes no sellers.json.' }],
    ]);
    const findings = crossCheckSellers(
      [
        rec(1, 'exchange.test', 'pub-1', 'DIRECT'), // all good
        rec(2, 'exchange.test', 'res-2', 'RESELLER'), // all good
        rec(3, 'exchange.test', '3', 'DIRECT'), // BOTH: fine either way, but domain is someone else's
        rec(4, 'exchange.test', 'nope', 'DIRECT'),
        rec(5, 'exchange.test', 'res-2', 'DIRECT'),
        rec(6, 'exchange.test', 'pub-1', 'RESELLER'),
        rec(7, 'exchange.test', 'conf-4', 'DIRECT'),
        rec(8, 'exchange.test', 'other-5', 'DIRECT'),
        rec(9, 'down.test', 'x', 'DIRECT'),
        rec(10, 'unchecked.test', 'y', 'DIRECT'),
      ],
      ['www.examplenews.com'],
      systems,
    );
    expect(findings.map((f) => [f.line, f.code])).toEqual([
      [3, 'domain_mismatch'],
      [4, 'seller_not_found'],
      [5, 'type_mismatch'],
      [5, 'domain_mismatch'],
      [6, 'type_mismatch'],
      [7, 'confidential_seller'],
      [8, 'domain_mismatch'],
      [9, 'sellers_json_unavailable'],
    ]);
    expect(findings[2]?.reason).toContain('lists the seller as INTERMEDIARY');
  });
});
