import pg from 'pg';
import type { Logger } from 'pino';

/** The NOTIFY channel migration 0102's triggers use; payloads are `<topic>:<id>`. */
export const CACHE_CHANNEL = 'pc_cache';

/**
 * Tells this process's caches what another process (or any SQL) changed (issue 20). One dedicated
 * connection LISTENs on `pc_cache`; a subscriber gets the ids of its topic, and `null` whenever
 * notifications may have been missed (listener down or reconnected): it must then forget
 * everything. While not `listening()`, caches should keep entries only briefly.
 */
export interface ChangeNotifications {
  subscribe(topic: string, onChange: (id: string | null) => void): () => void;
  listening(): boolean;
  close(): Promise<void>;
}

export function createChangeNotifications(opts: { databaseUrl?: string; log: Logger }): ChangeNotifications {
  const subscribers = new Map<string, Set<(id: string | null) => void>>();
  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const tell = (topic: string | null, id: string | null) => {
    for (const [t, set] of subscribers) {
      if (topic !== null && t !== topic) continue;
      for (const fn of set) fn(id);
    }
  };

  async function listen(): Promise<void> {
    if (!opts.databaseUrl || closed) return;
    const c = new pg.Client({ connectionString: opts.databaseUrl });
    const lost = (err?: Error) => {
      if (client !== c) return;
      client = null;
      listening = false;
      tell(null, null);
      if (err) opts.log.warn({ err: err.message }, 'cache listener lost; retrying');
      if (!closed) retry = setTimeout(() => void listen(), 1_000);
    };
    c.on('notification', (msg) => {
      if (msg.channel !== CACHE_CHANNEL || !msg.payload) return;
      const at = msg.payload.indexOf(':');
      if (at > 0) tell(msg.payload.slice(0, at), msg.payload.slice(at + 1));
    });
    c.on('error', lost);
    c.on('end', () => lost());
    client = c;
    try {
      await c.connect();
      await c.query(`LISTEN ${CACHE_CHANNEL}`);
      if (closed) {
        await c.end();
        return;
      }
      // Whatever was cached before the listener was up may have missed a notification.
      tell(null, null);
      listening = true;
    } catch (err) {
      lost(err as Error);
      await c.end().catch(() => undefined);
    }
  }
  void listen();

  return {
    subscribe(topic, onChange) {
      let set = subscribers.get(topic);
      if (!set) subscribers.set(topic, (set = new Set()));
      set.add(onChange);
      return () => set.delete(onChange);
    },
    listening: () => listening,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      listening = false;
      await c?.end().catch(() => undefined);
    },
  };
}
