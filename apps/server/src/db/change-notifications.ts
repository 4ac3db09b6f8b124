import type { Logger } from 'pino';
import { listenWithRetry } from './listen-with-retry';

/** The NOTIFY channel migration 0102's triggers use; payloads are `<topic>:<id>`. */
export const CACHE_CHANNEL = 'pc_cache';

/**
 * Tells this process's caches what another process (or any SQL) changed. One dedicated
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
  const tell = (topic: string | null, id: string | null) => {
    for (const [t, set] of subscribers) {
      if (topic !== null && t !== topic) continue;
      for (const fn of set) fn(id);
    }
  };
  const listener = listenWithRetry({
    databaseUrl: opts.databaseUrl,
    channel: CACHE_CHANNEL,
    log: opts.log,
    onNotification(payload) {
      const at = payload.indexOf(':');
      if (at > 0) tell(payload.slice(0, at), payload.slice(at + 1));
    },
    onReset: () => tell(null, null),
  });

  return {
    subscribe(topic, onChange) {
      let set = subscribers.get(topic);
      if (!set) subscribers.set(topic, (set = new Set()));
      set.add(onChange);
      return () => set.delete(onChange);
    },
    listening: listener.listening,
    close: listener.close,
  };
}
