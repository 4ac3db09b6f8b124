import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../db/pool';
import { listenWithRetry } from '../db/listen-with-retry';

/** The NOTIFY channel migration 0010's trigger uses when a user's sessions end. */
export const SESSIONS_CHANNEL = 'pc_sessions';

/**
 * Is a token's session still current? Answers from a per-process cache, so an authenticated request
 * costs a Map lookup, not a query. The cache is invalidated across processes by LISTEN/NOTIFY on
 * commit of any change that ends sessions; entries also expire after `ttlMs` in case a notification
 * was missed (while the listener reconnects, entries live at most one second).
 */
export interface SessionGuard {
  /** `partnerView`: the token's `pv` claim; such a token is current only while that view is live. */
  isCurrent(uid: string, tokenVersion: number, partnerView?: string): Promise<boolean>;
  /** isCurrent's answer from this process's cache without waiting, or undefined when it must be looked up. */
  isCurrentCached(uid: string, tokenVersion: number, partnerView?: string): boolean | undefined;
  /** Drops a user's cached state in this process (other processes learn it by NOTIFY). */
  invalidate(uid: string): void;
  close(): Promise<void>;
}

interface Entry {
  version: number;
  active: boolean;
  at: number;
  /** The user's live partner views (migration 0110): id -> end of life, epoch ms. */
  views: Record<string, number>;
}

const currentFor = (entry: Entry, tokenVersion: number, partnerView?: string): boolean =>
  entry.active && tokenVersion >= entry.version && (partnerView === undefined || (entry.views[partnerView] ?? 0) > Date.now());

// Guards alive in this process: revokeUserSessions invalidates them at once, before NOTIFY arrives.
const liveGuards = new Set<SessionGuard>();

export interface SessionGuardOptions {
  db: Db;
  /** A dedicated connection LISTENs here; without it entries live only `fallbackTtlMs`. */
  databaseUrl?: string;
  log: Logger;
  ttlMs?: number;
  fallbackTtlMs?: number;
}

export function createSessionGuard(opts: SessionGuardOptions): SessionGuard {
  const ttlMs = opts.ttlMs ?? 60_000;
  const fallbackTtlMs = opts.fallbackTtlMs ?? 1_000;
  const cache = new Map<string, Entry>();
  const loading = new Map<string, Promise<Entry>>();
  // Bumped on every invalidation: a lookup that started before one must not cache its answer.
  let generation = 0;

  const invalidate = (uid: string) => {
    generation++;
    cache.delete(uid);
    loading.delete(uid);
  };
  const clearAll = () => {
    generation++;
    cache.clear();
    loading.clear();
  };
  const listener = listenWithRetry({
    databaseUrl: opts.databaseUrl,
    channel: SESSIONS_CHANNEL,
    log: opts.log,
    onNotification: invalidate,
    onReset: clearAll,
  });

  async function load(uid: string): Promise<Entry> {
    const started = generation;
    // One round trip: the user's version and flag, and the partner views they have open.
    const { rows } = await sql<{ session_version: number; disabled: boolean; views: Record<string, number> }>`
      SELECT u.session_version, u.disabled,
        COALESCE((SELECT json_object_agg(v.id, extract(epoch FROM v.expires_at) * 1000) FROM partner_views v
                  WHERE v.user_id = u.id AND v.ended_at IS NULL AND v.expires_at > now()), '{}') AS views
      FROM users u WHERE u.id = ${uid}`.execute(opts.db);
    const row = rows[0];
    const entry = { version: row?.session_version ?? -1, active: !!row && !row.disabled, at: Date.now(), views: row?.views ?? {} };
    if (generation === started) cache.set(uid, entry);
    return entry;
  }

  const fresh = (uid: string): Entry | undefined => {
    const entry = cache.get(uid);
    return entry && Date.now() - entry.at <= (listener.listening() ? ttlMs : fallbackTtlMs) ? entry : undefined;
  };

  const guard: SessionGuard = {
    isCurrentCached(uid, tokenVersion, partnerView) {
      const entry = fresh(uid);
      if (entry && partnerView !== undefined && !Object.hasOwn(entry.views, partnerView)) return undefined;
      return entry && currentFor(entry, tokenVersion, partnerView);
    },
    async isCurrent(uid, tokenVersion, partnerView) {
      let entry = fresh(uid);
      // A view this process has not seen live may have started after the entry was cached (its
      // NOTIFY still on the way): look again rather than refuse it.
      if (entry && partnerView !== undefined && !Object.hasOwn(entry.views, partnerView)) entry = undefined;
      if (!entry) {
        let p = loading.get(uid);
        if (!p) {
          p = load(uid).finally(() => loading.delete(uid));
          loading.set(uid, p);
        }
        entry = await p;
      }
      return currentFor(entry, tokenVersion, partnerView);
    },
    invalidate,
    async close() {
      liveGuards.delete(guard);
      await listener.close();
    },
  };
  liveGuards.add(guard);
  return guard;
}

/**
 * Ends every session of a user: ID tokens issued before are refused on their next request (in every
 * process), and all refresh tokens are revoked (migration 0010's trigger). Call it with a
 * transaction to make the revocation part of a larger change; it takes effect on commit.
 * Changing a user's password, scope, admin access or disabled flag does this by itself.
 */
export async function revokeUserSessions(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ session_version: sql<number>`session_version + 1` })
    .where('id', '=', userId)
    .execute();
  for (const g of liveGuards) g.invalidate(userId);
}

/** For code that changed a user row itself (the trigger bumped the version): drop this process's copy now. */
export function forgetCachedSessions(userId: string): void {
  for (const g of liveGuards) g.invalidate(userId);
}
