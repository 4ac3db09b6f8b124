import type { Logger } from 'pino';
import type { AdsTxtRecord, ParsedAdsTxt, SellersJsonState } from '@pc/contracts';
import type { Db } from '../../../db/pool';
import type { JobQueue } from '../../../lib/jobs/job-queue';
import type { GuardedFetch } from '../../../lib/outbound/guarded-fetch';
import { crossCheckSellers, type SellerFinding, type SystemSellers } from './cross-check';
import { fetchSellersJson } from './fetch-sellers-json';
import { sellersJsonRepo, type SellerRow, type SellersJsonFileRow } from './sellers-json.repo';
import type { SellerEntry } from './sellers-json-stream';

export const SELLERS_JSON_QUEUE = 'sellers-json-refresh';
export interface SellersJsonPayload {
  system: string;
}

const DAY_MS = 86_400_000;
const SELLER_TYPES = new Set(['PUBLISHER', 'INTERMEDIARY', 'BOTH']);

/** Records whose sellers a buyer would look up: real sellers, not the "nobody" placeholder. */
function checkable(records: readonly AdsTxtRecord[]): AdsTxtRecord[] {
  return records.filter((r) => r.domain !== 'placeholder.example.com');
}

/**
 * sellers.json cross-check: crawls note which sellers they saw; a queued job per
 * advertising system fetches its sellers.json (daily, conditional, streamed, capped) and stores what
 * it says about those sellers; the domain page checks its records against that cache.
 */
export function createSellersJsonService(deps: { db: Db; jobs: JobQueue; fetch: GuardedFetch; maxBytes: number; log: Logger }) {
  const repo = sellersJsonRepo(deps.db);

  async function systemsView(systems: readonly string[]): Promise<{ bySystem: Map<string, SystemSellers>; states: SellersJsonState[] }> {
    const [files, sellers] = await Promise.all([repo.files(systems), repo.sellers(systems)]);
    const fileOf = new Map<string, SellersJsonFileRow>(files.map((f) => [f.system_domain, f]));
    const sellersOf = new Map<string, SellerRow[]>();
    for (const s of sellers) sellersOf.set(s.system_domain, [...(sellersOf.get(s.system_domain) ?? []), s]);
    const bySystem = new Map<string, SystemSellers>();
    const states: SellersJsonState[] = [];
    for (const system of systems) {
      const file = fileOf.get(system);
      if (!file) {
        states.push({ system, status: 'pending', reason: null, checkedAt: null, issues: [] });
        continue;
      }
      states.push({
        system,
        status: file.status as SellersJsonState['status'],
        reason: file.reason,
        checkedAt: file.fetched_at.toISOString(),
        issues: file.status === 'ok' ? file.issues : [],
      });
      if (file.status !== 'ok') {
        bySystem.set(system, { available: false, reason: file.reason ?? `${system}'s sellers.json could not be read.` });
        continue;
      }
      const found = new Map<string, SellerEntry>();
      const checked = new Set<string>();
      for (const s of sellersOf.get(system) ?? []) {
        if (s.state === 'pending') continue;
        checked.add(s.seller_id);
        if (s.state === 'found')
          found.set(s.seller_id, {
            sellerId: s.seller_id,
            sellerType: s.seller_type && SELLER_TYPES.has(s.seller_type) ? (s.seller_type as SellerEntry['sellerType']) : null,
            domain: s.seller_domain,
            name: s.seller_name,
            confidential: s.is_confidential,
          });
      }
      bySystem.set(system, { available: true, found, checked });
    }
    return { bySystem, states };
  }

  const queueRefresh = (system: string) =>
    deps.jobs.enqueue<SellersJsonPayload>(SELLERS_JSON_QUEUE, { system }, { dedupeKey: system, maxAttempts: 2 });

  return {
    /** After a crawl read a file: remember its sellers and queue a lookup where ids are new. */
    async noteRecords(records: readonly AdsTxtRecord[]): Promise<void> {
      const pairs = checkable(records).map((r) => ({ system: r.domain, sellerId: r.accountId }));
      for (const system of await repo.want(pairs)) await queueRefresh(system);
    },

    /** "Verify now": the sellers.json a domain's page shows as unreadable are read again now, not at their next retry. */
    async retryUnreadable(states: readonly SellersJsonState[]): Promise<void> {
      for (const s of states) if (s.status !== 'ok' && s.status !== 'pending') await queueRefresh(s.system);
    },

    /** The job: fetch one system's sellers.json and store what it says about the wanted sellers. */
    async refresh(system: string): Promise<void> {
      const [{ ids, pending }, file] = await Promise.all([repo.wantedIds(system), repo.file(system)]);
      if (ids.length === 0) return;
      // A conditional request is only enough when every wanted id was looked up in the copy we hold.
      const conditional = pending === 0 && file?.status === 'ok';
      const got = await fetchSellersJson(deps.fetch, system, new Set(ids), {
        maxBytes: deps.maxBytes,
        ...(conditional ? { etag: file.etag, lastModified: file.last_modified } : {}),
      });
      if (got.status === 'not_modified') {
        await repo.saveFile(system, {
          status: 'ok',
          reason: null,
          etag: file?.etag ?? null,
          lastModified: file?.last_modified ?? null,
          sellerCount: null,
          issues: [],
        });
        return;
      }
      if (got.status !== 'ok') {
        await repo.saveFile(system, {
          status: got.status,
          reason: got.reason,
          etag: null,
          lastModified: null,
          sellerCount: null,
          issues: [],
        });
        return;
      }
      await repo.saveSellers(system, ids, got.summary.found);
      await repo.saveFile(system, {
        status: 'ok',
        reason: null,
        etag: got.etag,
        lastModified: got.lastModified,
        sellerCount: got.summary.sellerCount,
        issues: got.summary.issues,
      });
      deps.log.info({ system, sellers: got.summary.sellerCount, wanted: ids.length }, 'sellers.json refreshed');
    },

    /** Findings per record of one parsed file, with where each system's sellers.json stands. */
    async check(parsed: ParsedAdsTxt, domainName: string): Promise<{ findings: SellerFinding[]; systems: SellersJsonState[] }> {
      const records = checkable(parsed.records);
      const systems = [...new Set(records.map((r) => r.domain))].sort();
      const { bySystem, states } = await systemsView(systems);
      const own = [domainName, ...(parsed.variables.ownerDomain ? [parsed.variables.ownerDomain] : [])];
      return { findings: crossCheckSellers(records, own, bySystem), systems: states };
    },

    /** Systems to look at again: stale for a day, with sellers never looked up, or due a retry. */
    async queueDue(): Promise<number> {
      const due = await repo.systemsDue(new Date(Date.now() - DAY_MS));
      for (const system of due) await queueRefresh(system);
      return due.length;
    },
  };
}
export type SellersJsonService = ReturnType<typeof createSellersJsonService>;
