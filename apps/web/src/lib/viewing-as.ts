import { Routes } from '@pc/contracts';
import { getIdentityClient } from './identity/auth-instance';
import { StorageKeys, readJson, readString, removeKey, writeJson, writeString } from './storage';

export interface ViewingAs {
  publisherId: string;
  publisherName: string;
  by: string;
}

const tab = (): Storage => sessionStorage;

/** The partner this tab is viewing as, or null (the partner view lives in the tab that opened it only). */
export const readViewingAs = (): ViewingAs | null =>
  readString(StorageKeys.partnerViewSession, tab()) !== null ? readJson<ViewingAs | null>(StorageKeys.viewingAs, null, tab()) : null;

/**
 * Switches this tab to the partner view: the custom-token session (scoped to the partner, no admin
 * access, at most an hour) is kept in this tab's sessionStorage, so the other tabs stay the
 * admin's; the tab reloads on its home page.
 */
export async function startViewingAs(token: string, v: ViewingAs): Promise<void> {
  writeJson(StorageKeys.viewingAs, v, tab());
  writeString(StorageKeys.publisherId, v.publisherId, tab());
  await getIdentityClient().signInWithCustomToken(token);
  window.location.assign('/');
}

/** After Exit (the server ended the view): this tab is the admin's own session again. */
export function leaveViewingAs(): void {
  getIdentityClient().endPartnerView?.();
  removeKey(StorageKeys.viewingAs, tab());
  removeKey(StorageKeys.publisherId, tab());
}

/**
 * Ends this tab's partner view: on the server first (its token is refused from then on, in every
 * process, and the end is audited), then in the tab, which goes back to the admin console signed
 * in as the admin. Both "Exit partner view" and "Log out" inside a view come here: logging out of
 * a view must not leave it open for the rest of its hour, nor sign the admin's other tabs out.
 */
export async function exitPartnerView(navigate: (path: string) => void = (p) => window.location.assign(p)): Promise<void> {
  await import('./partner-view-end').then((m) => m.endPartnerViewOnServer()).catch(() => undefined);
  leaveViewingAs();
  navigate(Routes.adminConsole);
}
