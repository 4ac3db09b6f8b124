import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BuiltinIdentityClient } from './builtin-identity-client';

const admin = { uid: 'u-admin', email: 'admin@demo.example', displayName: 'Admin' };

/** A fake server: sign-in answers the admin's session, sign-in-with-token a partner view. */
function fakeFetch() {
  const urls: string[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL) => {
    urls.push(String(url));
    const body = String(url).endsWith('/sign-in-with-token')
      ? { idToken: 'view-token', expiresIn: 3600, user: admin, partnerView: true }
      : { idToken: `admin-${urls.length}`, expiresIn: 3600, user: admin };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, urls };
}

/** Another tab's sessionStorage: empty. */
function emptyStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, v),
  };
}

describe('a partner view stays in the tab that opened it', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it("keeps the view in this tab's sessionStorage and the admin's session in the shared storage", async () => {
    const f = fakeFetch();
    const tab = new BuiltinIdentityClient({ fetch: f.fetch });
    await tab.signInWithEmailAndPassword(admin.email, 'password');
    await tab.signInWithCustomToken('one-time');
    expect(tab.inPartnerView).toBe(true);
    expect(await tab.getIdToken()).toBe('view-token');
    // What another tab of this browser reads: still the admin's own session.
    expect(JSON.parse(localStorage.getItem('pc_identity_session')!).idToken).toBe('admin-1');
    const otherTab = new BuiltinIdentityClient({ fetch: f.fetch, session: emptyStorage() });
    expect(otherTab.inPartnerView).toBe(false);
    expect(await otherTab.getIdToken()).toBe('admin-1');
  });

  it("leaving the view (Exit, or a sign-out from the ended view) returns the tab to the admin's session without signing out", async () => {
    const f = fakeFetch();
    const tab = new BuiltinIdentityClient({ fetch: f.fetch });
    await tab.signInWithEmailAndPassword(admin.email, 'password');
    await tab.signInWithCustomToken('one-time');
    const seen: (string | null)[] = [];
    tab.onIdTokenChanged((token) => seen.push(token));
    await tab.signOut();
    expect(tab.inPartnerView).toBe(false);
    expect(await tab.getIdToken()).toBe('admin-1');
    expect(sessionStorage.getItem('pc_partner_view_session')).toBeNull();
    // No DELETE /token: the admin's refresh cookie, which the other tabs use, is not revoked.
    expect(f.urls).toEqual(['/api/identity/sign-in', '/api/identity/sign-in-with-token']);
    expect(seen).toContain('admin-1');
  });

  it("an expired view ends by itself: the tab falls back to the admin's session, never refreshing the view", async () => {
    const f = fakeFetch();
    let now = 1_000_000;
    const tab = new BuiltinIdentityClient({ fetch: f.fetch, now: () => now });
    await tab.signInWithEmailAndPassword(admin.email, 'password');
    await tab.signInWithCustomToken('one-time');
    now += 3600_000 + 1;
    const token = await tab.getIdToken();
    expect(tab.inPartnerView).toBe(false);
    // The admin's token was old too, so it is refreshed through the cookie, not the view.
    expect(token).toBe('admin-3');
    expect(f.urls[2]).toBe('/api/identity/token');
  });
});
