/**
 * Local-storage keys (docs/product.md#entities). The names the spec lists are kept verbatim because other
 * provider apps (the console) read them; the rest are ours.
 */
export const StorageKeys = {
  jwt: 'jwt',
  redirectFromMOC: 'redirectFromMOC',
  userScope: 'userScope',
  siteId: 'moc_site_id',
  mocAt: 'moc_at',
  redirectPath: 'redirect_path',
  userLogout: 'user_logout',
  authConfig: 'moc_auth_config',
  authPersistence: 'moc_auth_persistence',
  publisherId: 'pc_publisher_id',
  reportsAwaited: 'pc_reports_awaited',
  reportsReceived: 'pc_reports_received',
  errorPage: 'pc_error_page',
  identitySession: 'pc_identity_session',
  /** Set while staff view the portal as a partner (sign in as partner); the shell shows a bar. In sessionStorage: that tab only. */
  viewingAs: 'pc_viewing_as',
  /** The partner view's session (sessionStorage of the tab that opened it; identity/builtin-identity-client.ts). */
  partnerViewSession: 'pc_partner_view_session',
  /** A device preference (not user data), so it survives sign-out. */
  sidebarCollapsed: 'pc_sidebar_collapsed',
} as const;

/** Exactly the keys the spec's logout step 3 removes, in its order. */
export const LOGOUT_REMOVED_KEYS: readonly string[] = [
  StorageKeys.jwt,
  StorageKeys.redirectFromMOC,
  StorageKeys.userScope,
  StorageKeys.siteId,
  StorageKeys.mocAt,
  StorageKeys.redirectPath,
  StorageKeys.userLogout,
];

/**
 * Our own keys that belong to the signed-in user (chosen partner, report banner lists). Removed on
 * every sign-out, after the spec's list, so the next person on this browser never sees them.
 */
export const USER_SESSION_KEYS: readonly string[] = [
  StorageKeys.publisherId,
  StorageKeys.reportsAwaited,
  StorageKeys.reportsReceived,
  StorageKeys.errorPage,
  StorageKeys.viewingAs,
];

// Storage can throw (Safari private mode, quota, disabled cookies); the app must keep working.
export function readString(key: string, store: Storage = localStorage): string | null {
  try {
    return store.getItem(key);
  } catch {
    return null;
  }
}

export function writeString(key: string, value: string, store: Storage = localStorage): void {
  try {
    store.setItem(key, value);
  } catch {
    /* storage unavailable: state stays in memory only */
  }
}

export function removeKey(key: string, store: Storage = localStorage): void {
  try {
    store.removeItem(key);
  } catch {
    /* ignore */
  }
}

export function readJson<T>(key: string, fallback: T, store: Storage = localStorage): T {
  const raw = readString(key, store);
  if (raw === null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

export function writeJson(key: string, value: unknown, store: Storage = localStorage): void {
  writeString(key, JSON.stringify(value), store);
}
