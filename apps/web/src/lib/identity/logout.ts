import { Limits, Routes } from '@pc/contracts';
import { LOGOUT_REMOVED_KEYS, StorageKeys, USER_SESSION_KEYS, removeKey, writeString } from '../storage';
import type { IdentityClient } from './identity-client';
import type { AuthStore } from './auth-store';

export interface LogoutDeps {
  client: IdentityClient;
  auth: Pick<AuthStore, 'markIntentionalLogout'>;
  /** Step 4: clears cached data of the session (SWR cache, toasts...). */
  clearSession: () => void;
  navigate: (path: string) => void;
  /** Step 7: the analytics reset event. */
  resetAnalytics: () => void;
  storage?: Storage;
  /** This tab's partner view, if it is in one (lib/viewing-as.ts): logging out of it ends the view only. */
  partnerView?: { active(): boolean; exit(): Promise<void> };
}

/** The sign-out sequence (docs/product.md#states), in its seven steps and order. */
export async function logout(deps: LogoutDeps): Promise<void> {
  const storage = deps.storage ?? localStorage;
  // In a partner view the keys below are the admin's, shared with their other tabs: only the view ends.
  if (deps.partnerView?.active()) return deps.partnerView.exit();
  deps.auth.markIntentionalLogout();
  // 1. Sign out of the identity provider (a failing network call must not keep the user signed in).
  await deps.client.signOut().catch(() => undefined);
  // 2. Set the logout marker.
  writeString(StorageKeys.userLogout, 'true', storage);
  // 3. Remove the stored keys, exactly as listed.
  LOGOUT_REMOVED_KEYS.forEach((key) => removeKey(key, storage));
  // ...and ours that belong to this user (chosen partner, report-ready banner lists).
  USER_SESSION_KEYS.forEach((key) => removeKey(key, storage));
  // 4. Session-clearing callback.
  deps.clearSession();
  // 5. Clear the saved redirect path.
  removeKey(StorageKeys.redirectPath, storage);
  // 6. Go to the sign-in route.
  deps.navigate(Routes.login);
  // 7. After 300 ms, the analytics reset event.
  setTimeout(deps.resetAnalytics, Limits.signOutAnalyticsResetDelayMs);
}
