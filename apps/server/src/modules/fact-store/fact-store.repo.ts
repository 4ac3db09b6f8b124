import { sql } from 'kysely';
import type { Db } from '../../db/pool';

export interface FactStoreRow {
  store_id: string;
  data_dir: string;
  host: string;
  pid: number;
  heartbeat_at: Date;
}

/** SQL of the embedded fact store's registration (migration 0145): one row per database. */
export function factStoreRepo(db: Db) {
  return {
    /**
     * Registers `store` unless another store is registered; returns the registered row either way.
     * One statement on the singleton key, so two processes starting together cannot both win.
     */
    async claim(store: Omit<FactStoreRow, 'heartbeat_at'>): Promise<FactStoreRow> {
      await sql`
        INSERT INTO embedded_fact_store (store_id, data_dir, host, pid) VALUES (${store.store_id}, ${store.data_dir}, ${store.host}, ${store.pid})
        ON CONFLICT (singleton) DO UPDATE SET data_dir = excluded.data_dir, host = excluded.host, pid = excluded.pid, heartbeat_at = now()
        WHERE embedded_fact_store.store_id = excluded.store_id`.execute(db);
      const res = await sql<FactStoreRow>`SELECT store_id, data_dir, host, pid, heartbeat_at FROM embedded_fact_store`.execute(db);
      return res.rows[0]!;
    },
    async heartbeat(storeId: string): Promise<void> {
      await sql`UPDATE embedded_fact_store SET heartbeat_at = now() WHERE store_id = ${storeId}`.execute(db);
    },
    async current(): Promise<FactStoreRow | null> {
      const res = await sql<FactStoreRow>`SELECT store_id, data_dir, host, pid, heartbeat_at FROM embedded_fact_store`.execute(db);
      return res.rows[0] ?? null;
    },
  };
}
