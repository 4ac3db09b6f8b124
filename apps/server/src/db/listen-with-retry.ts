import pg from 'pg';
import type { Logger } from 'pino';

/**
 * A dedicated connection that LISTENs on one channel and comes back by itself. Used by the session
 * guard and the cache notifications, which both keep per-process caches that
 * are only safe while notifications arrive: `onReset` is called whenever some may have been missed
 * (the connection was lost, or it has just started listening), so the caller drops what it cached.
 * While `listening()` is false the caller should keep entries only briefly. Without a database URL
 * nothing listens and `listening()` stays false.
 */
export interface Listener {
  listening(): boolean;
  close(): Promise<void>;
}

export interface ListenOptions {
  databaseUrl?: string;
  /** A constant channel name (it is put into the LISTEN statement as an identifier). */
  channel: string;
  log: Logger;
  onNotification(payload: string): void;
  onReset(): void;
  /** Delay before reconnecting after a loss. */
  retryMs?: number;
}

export function listenWithRetry(opts: ListenOptions): Listener {
  if (!/^[a-z_][a-z0-9_]*$/.test(opts.channel)) throw new Error(`invalid channel name ${opts.channel}`);
  const retryMs = opts.retryMs ?? 1_000;
  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  async function listen(): Promise<void> {
    if (!opts.databaseUrl || closed) return;
    const c = new pg.Client({ connectionString: opts.databaseUrl });
    const lost = (err?: Error) => {
      if (client !== c) return;
      client = null;
      listening = false;
      opts.onReset();
      if (err) opts.log.warn({ err: err.message, channel: opts.channel }, 'listener lost; retrying');
      if (!closed) retry = setTimeout(() => void listen(), retryMs);
    };
    c.on('notification', (msg) => {
      if (msg.channel === opts.channel && msg.payload) opts.onNotification(msg.payload);
    });
    c.on('error', lost);
    c.on('end', () => lost());
    client = c;
    try {
      await c.connect();
      await c.query(`LISTEN ${opts.channel}`);
      if (closed) {
        await c.end();
        return;
      }
      // Whatever was cached before the listener was up may have missed a notification.
      opts.onReset();
      listening = true;
    } catch (err) {
      lost(err as Error);
      await c.end().catch(() => undefined);
    }
  }
  void listen();

  return {
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
