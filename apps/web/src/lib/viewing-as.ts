import { getIdentityClient } from './identity/auth-instance';
import { StorageKeys, readJson, removeKey, writeJson } from './storage';

export interface ViewingAs {
  publisherId: string;
  publisherName: string;
  by: string;
}

/** The partner staff are viewing as, or null; cleared by every sign-out (a user-session key). */
export const readViewingAs = (): ViewingAs | null => readJson<ViewingAs | null>(StorageKeys.viewingAs, null);

/**
 * Switches this tab's session to the partner view: the admin's session is replaced by the
 * custom-token one (scoped to the partner, no admin access) and the app reloads on its home page.
 */
export async function startViewingAs(token: string, v: ViewingAs): Promise<void> {
  removeKey(StorageKeys.publisherId);
  writeJson(StorageKeys.viewingAs, v);
  await getIdentityClient().signInWithCustomToken(token);
  window.location.assign('/');
}
