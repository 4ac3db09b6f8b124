import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseScope } from '@pc/contracts';
import { createAuthStore } from './auth-store';
import { logout } from './logout';
import { LOGOUT_REMOVED_KEYS } from '../storage';
import type { AuthUser, IdentityClient } from './identity-client';

function jwt(payload: object): string {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'EdDSA' })}.${b64(payload)}.sig`;
}

type Next = (token: string | null, user: AuthUser | null) => void;

/** A controllable identity client: the test emits token changes by hand. */
function fakeClient() {
  let next: Next = () => undefined;
  let error: ((e: unknown) => void) | undefined;
  const client = {
    currentUser: null,
    onIdTokenChanged: vi.fn((n: Next, e?: (e: unknown) => void) => {
      next = n;
      error = e;
      return () => undefined;
    }),
    signOut: vi.fn(async () => next(null, null)),
  } as unknown as IdentityClient;
  return { client, emit: (t: string | null, u: AuthUser | null = null) => next(t, u), fail: (e: unknown) => error?.(e) };
}

const user: AuthUser = { uid: 'u1', email: 'staff@demo.example', displayName: 'Staff Member' };
const staffToken = jwt({ sub: 'u1', email: user.email, name: 'Staff Member', scope: { PublisherID: 'ALL', AdminAccess: true } });

describe('auth state machine', () => {
  let navigate: ReturnType<typeof vi.fn<(path: string) => void>>;
  let path: string;
  beforeEach(() => {
    localStorage.clear();
    navigate = vi.fn<(path: string) => void>();
    path = '/profile-settings?x=1';
  });
  const make = (c: IdentityClient, warn = vi.fn()) => createAuthStore({ client: c, navigate, currentPath: () => path, parseScope, warn });

  it('starts unknown, then signs in with the parsed scope and stores the jwt', () => {
    const { client, emit } = fakeClient();
    const store = make(client);
    store.start();
    expect(store.getState()).toEqual({ status: 'unknown' });
    emit(staffToken, user);
    expect(store.getState()).toEqual({
      status: 'signedIn',
      user: { id: 'u1', name: 'Staff Member', email: 'staff@demo.example' },
      scope: { type: 'internal', adminAccess: true },
    });
    expect(localStorage.getItem('jwt')).toBe(staffToken);
  });

  it('updates the stored jwt when the token changes', () => {
    const { client, emit } = fakeClient();
    const store = make(client);
    store.start();
    emit(staffToken, user);
    const refreshed = jwt({ sub: 'u1', exp: 2, scope: { PublisherID: 'ALL', AdminAccess: true } });
    emit(refreshed, user);
    expect(localStorage.getItem('jwt')).toBe(refreshed);
  });

  it('treats a token without a valid scope as signed out', () => {
    const { client, emit } = fakeClient();
    const store = make(client);
    store.start();
    emit(jwt({ sub: 'u1', scope: { PublisherID: '' } }), user);
    expect(store.getState().status).toBe('signedOut');
  });

  it('an unintentional sign-out remembers the path, goes to /login and resets the flag', () => {
    const { client, emit } = fakeClient();
    const store = make(client);
    store.start();
    emit(staffToken, user);
    emit(null);
    expect(store.getState().status).toBe('signedOut');
    expect(localStorage.getItem('redirect_path')).toBe('/profile-settings?x=1');
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(localStorage.getItem('user_logout')).toBeNull();
  });

  it('signed out on first check (unknown -> signed out) on a protected page also goes to /login', () => {
    const { client, emit } = fakeClient();
    const store = make(client);
    store.start();
    emit(null);
    expect(store.getState().status).toBe('signedOut');
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('does not remember public paths', () => {
    path = '/login';
    const { client, emit } = fakeClient();
    const store = make(client);
    store.start();
    emit(null);
    expect(localStorage.getItem('redirect_path')).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a token error signs out with a warning', () => {
    const { client, emit, fail } = fakeClient();
    const warn = vi.fn();
    const store = make(client, warn);
    store.start();
    emit(staffToken, user);
    fail(new Error('network'));
    expect(store.getState().status).toBe('signedOut');
    expect(warn).toHaveBeenCalled();
  });
});

describe('logout', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => vi.useRealTimers());

  it('runs the seven steps, removes exactly the listed keys and resets analytics after 300 ms', async () => {
    const { client, emit } = fakeClient();
    const navigate = vi.fn();
    const store = createAuthStore({ client, navigate, currentPath: () => '/', parseScope });
    store.start();
    emit(staffToken, user);
    for (const k of LOGOUT_REMOVED_KEYS) localStorage.setItem(k, 'x');
    localStorage.setItem('moc_auth_config', '{"apiKey":"a","authDomain":"b"}');
    localStorage.setItem('moc_auth_persistence', 'true');
    localStorage.setItem('unrelated', 'kept');
    const clearSession = vi.fn();
    const resetAnalytics = vi.fn();

    await logout({ client, auth: store, clearSession, navigate, resetAnalytics });

    expect(client.signOut).toHaveBeenCalledTimes(1);
    expect(LOGOUT_REMOVED_KEYS).toEqual(['jwt', 'redirectFromMOC', 'userScope', 'moc_site_id', 'moc_at', 'redirect_path', 'user_logout']);
    for (const k of LOGOUT_REMOVED_KEYS) expect(localStorage.getItem(k)).toBeNull();
    expect(localStorage.getItem('moc_auth_config')).not.toBeNull();
    expect(localStorage.getItem('moc_auth_persistence')).toBe('true');
    expect(localStorage.getItem('unrelated')).toBe('kept');
    expect(clearSession).toHaveBeenCalledTimes(1);
    // Intentional: no remembered path; the only navigation is step 6.
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(store.getState().status).toBe('signedOut');

    vi.advanceTimersByTime(299);
    expect(resetAnalytics).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(resetAnalytics).toHaveBeenCalledTimes(1);
  });
});
