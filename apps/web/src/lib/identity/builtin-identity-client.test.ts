import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BuiltinIdentityClient, REFRESH_MARGIN_MS } from './builtin-identity-client';

const user = { uid: 'u1', email: 'single@demo.example', displayName: 'Single User' };
const answer = (idToken: string) => ({ idToken, expiresIn: 3600, user });

interface Call {
  url: string;
  init: RequestInit;
}

/** A fake server: answers every identity call with a new ID token and records what was sent. */
function fakeFetch(status = 200) {
  const calls: Call[] = [];
  let n = 0;
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    n++;
    return new Response(JSON.stringify(status === 200 ? answer(`id-${n}`) : { message: 'Your session has ended.' }), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

const headersOf = (c: Call) => c.init.headers as Record<string, string>;

describe('BuiltinIdentityClient and the refresh cookie', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('keeps no refresh token in storage after sign-in', async () => {
    const f = fakeFetch();
    const client = new BuiltinIdentityClient({ fetch: f.fetch });
    await client.signInWithEmailAndPassword(user.email, 'password');
    const stored = localStorage.getItem('pc_identity_session')!;
    expect(JSON.parse(stored)).toEqual({ idToken: 'id-1', expiresAt: expect.any(Number), user });
    expect(stored).not.toMatch(/refresh/i);
    expect(headersOf(f.calls[0]!)['X-Requested-With']).toBe('pc-web');
  });

  it('refreshes through the cookie: POST /token with the CSRF header, no token in the body', async () => {
    const f = fakeFetch();
    let now = 1_000_000;
    const client = new BuiltinIdentityClient({ fetch: f.fetch, now: () => now });
    await client.signInWithEmailAndPassword(user.email, 'password');
    now += 3600_000 - REFRESH_MARGIN_MS + 1;
    expect(await client.getIdToken()).toBe('id-2');
    const refresh = f.calls[1]!;
    expect(refresh.url).toBe('/api/identity/token');
    expect(refresh.init.method).toBe('POST');
    expect(refresh.init.body).toBe('{}');
    expect(refresh.init.credentials).toBe('same-origin');
    expect(headersOf(refresh)['X-Requested-With']).toBe('pc-web');
  });

  it('signs out with DELETE /token so the server revokes the token and clears the cookie', async () => {
    const f = fakeFetch();
    const client = new BuiltinIdentityClient({ fetch: f.fetch });
    await client.signInWithEmailAndPassword(user.email, 'password');
    await client.signOut();
    expect(f.calls[1]!.url).toBe('/api/identity/token');
    expect(f.calls[1]!.init.method).toBe('DELETE');
    expect(localStorage.getItem('pc_identity_session')).toBeNull();
  });

  it('asks for a browser-session cookie when "keep me signed in" is off', async () => {
    const f = fakeFetch();
    const client = new BuiltinIdentityClient({ fetch: f.fetch });
    await client.setPersistence('session');
    await client.signInWithEmailAndPassword(user.email, 'password');
    expect(headersOf(f.calls[0]!)['X-Keep-Signed-In']).toBe('false');
    expect(sessionStorage.getItem('pc_identity_session')).not.toBeNull();
  });

  it('removes a refresh token an older version left in storage', () => {
    localStorage.setItem(
      'pc_identity_session',
      JSON.stringify({ idToken: 'old', refreshToken: 'secret-refresh', expiresAt: Date.now() + 3600_000, user }),
    );
    const client = new BuiltinIdentityClient({ fetch: fakeFetch().fetch });
    expect(client.currentUser).toEqual(user);
    expect(localStorage.getItem('pc_identity_session')).not.toContain('secret-refresh');
  });

  it('ends the session when the cookie is refused (401)', async () => {
    let now = 1_000_000;
    const ok = fakeFetch();
    const client = new BuiltinIdentityClient({ fetch: ok.fetch, now: () => now });
    await client.signInWithEmailAndPassword(user.email, 'password');
    const refused = fakeFetch(401);
    (client as unknown as { doFetch: typeof fetch }).doFetch = refused.fetch;
    now += 3600_000;
    expect(await client.getIdToken()).toBeNull();
    expect(client.currentUser).toBeNull();
  });
});
