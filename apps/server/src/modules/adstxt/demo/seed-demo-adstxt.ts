import { createHash } from 'node:crypto';
import type { Db } from '../../../db/pool';
import { parseAdsTxt } from '@pc/contracts';
import { adsTxtRepo } from '../adstxt.repo';
import { sellersJsonRepo } from '../sellers-json/sellers-json.repo';
import type { SellersJsonIssue } from '../sellers-json/sellers-json-stream';
import { DEMO_PUBLISHERS } from '../../../demo/demo-data';

/**
 * What the demo sites "served" at their last crawl: the demo domains do not exist on the internet,
 * so without this every domain would show a DNS error. Covers each status once.
 */
const DEMO_FILES: Record<string, { status: 'ok' | 'not_found'; http: number; body?: string }> = {
  'northwind-news.example': {
    status: 'ok',
    http: 200,
    body: [
      '# ads.txt for northwind-news.example',
      'CONTACT=adops@northwind-news.example',
      'OWNERDOMAIN=northwind-news.example',
      'partners-center.example, 1001, DIRECT',
      'google.com, pub-4410029340012345, RESELLER, f08c47fec0942fa0',
      'rubiconproject.com, 19116, RESELLER, 0bfd66d529a55807',
      'openx.com, 540191398, RESELLER, 6a698e2ec38604c6',
      '',
    ].join('\n'),
  },
  'sport.northwind-news.example': { status: 'not_found', http: 404 },
  'blueharbor.example': {
    status: 'ok',
    http: 200,
    body: [
      'partners-center.example, 1002, DIRECT',
      'appnexus.com, 11002, RESELLER, f5ab79cb980f11d1',
      'exchange.partners-center.example, 11002, RESELLER',
      'google.com, pub-7723000000000001, DIRECT, f08c47fec0942fa0',
      '',
    ].join('\n'),
  },
  'living.evergreen-digital.example': {
    status: 'ok',
    http: 200,
    body: [
      'partners-center.example, 1003, DIRECT',
      'appnexus.com, 11003, RESELLER, f5ab79cb980f11d1',
      'indexexchange.com 185912 RESELLER',
      'pubmatic.com, 156078, SOMETIMES',
      '',
    ].join('\n'),
  },
};

export async function seedDemoAdsTxt(db: Db): Promise<void> {
  const repo = adsTxtRepo(db);
  const fetchedAt = new Date(Date.now() - 3600_000);
  for (const p of DEMO_PUBLISHERS) {
    // Each site's ads.txt domain row already exists: the sites trigger made it (migration 0004).
    for (const s of p.sites) {
      const file = DEMO_FILES[s.domain];
      if (!file) continue;
      await repo.insertCrawl({
        domain_id: `d${s.id}`,
        status: file.status,
        http_status: file.http,
        redirect_chain: [`https://${s.domain}/ads.txt`],
        final_url: `https://${s.domain}/ads.txt`,
        content: file.body ?? null,
        content_hash: file.body ? createHash('sha256').update(file.body).digest('hex') : null,
        error_reason: null,
        used_previous: false,
        stale: false,
        fetched_at: fetchedAt,
        previous_fetched_at: null,
        hops: [
          {
            url: `https://${s.domain}/ads.txt`,
            status: file.http,
            rule: 'start',
            note: `Start: buyers' crawlers ask for https://${s.domain}/ads.txt first (plain http only when https cannot connect).`,
            contentType: file.status === 'ok' ? 'text/plain; charset=utf-8' : 'text/html',
            size: file.body?.length ?? 0,
            lastModified: file.status === 'ok' ? new Date(fetchedAt.getTime() - 3 * 86_400_000).toUTCString() : null,
            cacheControl: file.status === 'ok' ? 'public, max-age=86400' : null,
            expires: null,
          },
        ],
      });
    }
  }
}

/**
 * What the demo sellers' advertising systems "published" in sellers.json at the last check, so the
 * supply-chain card is alive without the internet: one DIRECT line of blueharbor.example is an
 * intermediary's account (type mismatch), one of northwind-news.example's sellers is unknown.
 */
const DEMO_SELLERS: Record<string, Array<[id: string, type: 'PUBLISHER' | 'INTERMEDIARY', domain: string]>> = {
  'partners-center.example': [
    ['1001', 'PUBLISHER', 'northwind-news.example'],
    ['1002', 'PUBLISHER', 'blueharbor.example'],
    ['1003', 'PUBLISHER', 'evergreen-digital.example'],
  ],
  'google.com': [
    ['pub-4410029340012345', 'INTERMEDIARY', 'adnetwork-partner.example'],
    ['pub-7723000000000001', 'INTERMEDIARY', 'adnetwork-partner.example'],
  ],
  'rubiconproject.com': [],
  'openx.com': [['540191398', 'INTERMEDIARY', 'openx-reseller.example']],
  'appnexus.com': [
    ['11002', 'INTERMEDIARY', 'partners-center.example'],
    ['11003', 'INTERMEDIARY', 'partners-center.example'],
  ],
  'exchange.partners-center.example': [['11002', 'INTERMEDIARY', 'partners-center.example']],
};

/** What the demo's sellers.json files break of the spec, so the card shows how that reads. */
const DEMO_FILE_ISSUES: Record<string, SellersJsonIssue[]> = {
  'openx.com': [
    { code: 'duplicate_seller_id', count: 1, example: 'seller 540191398' },
    { code: 'unknown_key', count: 2, example: '"seller_region" on seller 540191398' },
  ],
};

export async function seedDemoSellersJson(db: Db): Promise<void> {
  const wanted = new Map<string, Set<string>>();
  for (const file of Object.values(DEMO_FILES)) {
    for (const r of file.body ? parseAdsTxt(file.body).records : []) {
      if (!wanted.has(r.domain)) wanted.set(r.domain, new Set());
      wanted.get(r.domain)!.add(r.accountId);
    }
  }
  const repo = sellersJsonRepo(db);
  for (const [system, sellers] of Object.entries(DEMO_SELLERS)) {
    const ids = [...(wanted.get(system) ?? [])];
    const found = new Map(
      sellers.map(([id, type, domain]) => [id, { sellerId: id, sellerType: type, domain, name: domain, confidential: false }]),
    );
    await repo.want(ids.map((sellerId) => ({ system, sellerId })));
    await repo.saveSellers(system, ids, found);
    const issues = DEMO_FILE_ISSUES[system] ?? [];
    await repo.saveFile(system, { status: 'ok', reason: null, etag: null, lastModified: null, sellerCount: sellers.length, issues });
  }
}
