import { sql } from 'kysely';
import type { Db } from '../../../db/pool';
import type { SellerEntry, SellersJsonIssue } from './sellers-json-stream';

export interface SellersJsonFileRow {
  system_domain: string;
  status: string;
  reason: string | null;
  etag: string | null;
  last_modified: string | null;
  fetched_at: Date;
  issues: SellersJsonIssue[];
}

export interface SellerRow {
  system_domain: string;
  seller_id: string;
  state: string;
  seller_type: string | null;
  seller_domain: string | null;
  seller_name: string | null;
  is_confidential: boolean;
}

/** SQL for the sellers.json cache (migration 0091). */
export function sellersJsonRepo(db: Db) {
  return {
    /** Marks ids as wanted; ids already known keep their state. Returns the systems that got new ids. */
    async want(pairs: ReadonlyArray<{ system: string; sellerId: string }>): Promise<string[]> {
      if (pairs.length === 0) return [];
      const rows = await db
        .insertInto('sellers_json_sellers')
        .values(pairs.map((p) => ({ system_domain: p.system, seller_id: p.sellerId })))
        .onConflict((oc) => oc.columns(['system_domain', 'seller_id']).doNothing())
        .returning('system_domain')
        .execute();
      return [...new Set(rows.map((r) => r.system_domain))];
    },
    async wantedIds(system: string): Promise<{ ids: string[]; pending: number }> {
      const rows = await db.selectFrom('sellers_json_sellers').select(['seller_id', 'state']).where('system_domain', '=', system).execute();
      return { ids: rows.map((r) => r.seller_id), pending: rows.filter((r) => r.state === 'pending').length };
    },
    file(system: string): Promise<SellersJsonFileRow | undefined> {
      return db
        .selectFrom('sellers_json_files')
        .select(['system_domain', 'status', 'reason', 'etag', 'last_modified', 'fetched_at', 'issues'])
        .where('system_domain', '=', system)
        .executeTakeFirst();
    },
    async files(systems: readonly string[]): Promise<SellersJsonFileRow[]> {
      if (systems.length === 0) return [];
      return db
        .selectFrom('sellers_json_files')
        .select(['system_domain', 'status', 'reason', 'etag', 'last_modified', 'fetched_at', 'issues'])
        .where('system_domain', 'in', systems)
        .execute();
    },
    async sellers(systems: readonly string[]): Promise<SellerRow[]> {
      if (systems.length === 0) return [];
      return db
        .selectFrom('sellers_json_sellers')
        .select(['system_domain', 'seller_id', 'state', 'seller_type', 'seller_domain', 'seller_name', 'is_confidential'])
        .where('system_domain', 'in', systems)
        .execute();
    },
    async saveFile(
      system: string,
      f: {
        status: string;
        reason: string | null;
        etag: string | null;
        lastModified: string | null;
        sellerCount: number | null;
        issues: SellersJsonIssue[];
      },
    ): Promise<void> {
      const values = {
        status: f.status,
        reason: f.reason,
        etag: f.etag,
        last_modified: f.lastModified,
        seller_count: f.sellerCount,
        issues: JSON.stringify(f.issues),
        fetched_at: new Date(),
      };
      const failed = f.status !== 'ok';
      await db
        .insertInto('sellers_json_files')
        .values({ system_domain: system, ...values, failed_attempts: failed ? 1 : 0 })
        .onConflict((oc) =>
          oc.column('system_domain').doUpdateSet({
            ...values,
            failed_attempts: failed ? sql<number>`sellers_json_files.failed_attempts + 1` : 0,
          }),
        )
        .execute();
    },
    /** Every listed id becomes found (with what the file says) or not_found. */
    async saveSellers(system: string, ids: readonly string[], found: ReadonlyMap<string, SellerEntry>): Promise<void> {
      const now = new Date();
      for (let i = 0; i < ids.length; i += 500) {
        const values = ids.slice(i, i + 500).map((id) => {
          const s = found.get(id);
          return {
            system_domain: system,
            seller_id: id,
            state: s ? 'found' : 'not_found',
            seller_type: s?.sellerType ?? null,
            seller_domain: s?.domain ?? null,
            seller_name: s?.name ?? null,
            is_confidential: s?.confidential ?? false,
            checked_at: now,
          };
        });
        await db
          .insertInto('sellers_json_sellers')
          .values(values)
          .onConflict((oc) =>
            oc.columns(['system_domain', 'seller_id']).doUpdateSet((eb) => ({
              state: eb.ref('excluded.state'),
              seller_type: eb.ref('excluded.seller_type'),
              seller_domain: eb.ref('excluded.seller_domain'),
              seller_name: eb.ref('excluded.seller_name'),
              is_confidential: eb.ref('excluded.is_confidential'),
              checked_at: eb.ref('excluded.checked_at'),
            })),
          )
          .execute();
      }
    },
    /**
     * Systems never read or read before `before`, readable ones with ids never looked up, and
     * unreadable ones whose back-off has passed: 5 minutes after the first failure, doubling up to a day.
     */
    async systemsDue(before: Date): Promise<string[]> {
      const rows = await db
        .selectFrom('sellers_json_sellers as s')
        .leftJoin('sellers_json_files as f', 'f.system_domain', 's.system_domain')
        .select('s.system_domain')
        // Pending ids only matter where the file could be read: elsewhere they wait for the retry.
        .where((eb) =>
          eb.or([
            eb('f.fetched_at', 'is', null),
            eb('f.fetched_at', '<', before),
            eb.and([eb('s.state', '=', 'pending'), eb('f.status', '=', 'ok')]),
            eb.and([
              eb('f.status', '<>', 'ok'),
              eb(
                'f.fetched_at',
                '<',
                sql<Date>`now() - least(interval '1 day', interval '5 minutes' * power(2, least(greatest(f.failed_attempts, 1), 10) - 1))`,
              ),
            ]),
          ]),
        )
        .distinct()
        .execute();
      return rows.map((r) => r.system_domain);
    },
  };
}
export type SellersJsonRepo = ReturnType<typeof sellersJsonRepo>;
