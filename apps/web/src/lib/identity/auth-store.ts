import { Routes, SIGNED_OUT_PATHS, type UserScope } from '@pc/contracts';
import { StorageKeys, readString, removeKey, writeJson, writeString } from '../storage';
import { decodeJwtPayload } from '../jwt';
import type { AuthUser, IdentityClient } from './identity-client';
import { loadScopeTools, type ScopeParser } from './scope-tools';

/** The signed-in user (docs/product.md#entities: id, name, email from uid, display name, email). */
export interface SignedInUser {
  id: string;
  name: string;
  email: string;
}

export type AuthState = { status: 'unknown' } | { status: 'signedOut' } | { status: 'signedIn'; user: SignedInUser; scope: UserScope };

export interface AuthStoreDeps {
  client: IdentityClient;
  navigate: (path: string) => void;
  /** The current path + query, remembered on an unintentional sign-out. */
  currentPath: () => string;
  storage?: Storage;
  warn?: (...args: unknown[]) => void;
  /** The scope parser; by default the contracts' parseScope, loaded lazily. Tests pass it in. */
  parseScope?: ScopeParser;
  /**
   * No session is stored, so the state starts signed out instead of unknown: the pre-rendered
   * sign-in form hydrates as it is instead of giving way to a loader (sign-in entry).
   */
  knownSignedOut?: boolean;
}

export interface AuthStore {
  getState(): AuthState;
  subscribe(listener: () => void): () => void;
  start(): () => void;
  /** Called by logout before signing out, so the sign-out is not treated as a session loss. */
  markIntentionalLogout(): void;
}

/**
 * docs/product.md#states, auth state: unknown -> signed out / signed in with scope. A token without a valid
 * scope is signed out; a token change updates the stored jwt; a token error signs out (warning);
 * an unintentional sign-out remembers the path and goes to /login, then resets the logout flag.
 */
export function createAuthStore(deps: AuthStoreDeps): AuthStore {
  const storage = deps.storage ?? localStorage;
  const warn = deps.warn ?? ((...a: unknown[]) => console.warn(...a));
  let state: AuthState = deps.knownSignedOut ? { status: 'signedOut' } : { status: 'unknown' };
  let intentional = false;
  // Tokens are handled in order even when the parser is still loading: stale results are dropped.
  let seq = 0;
  const listeners = new Set<() => void>();

  const set = (next: AuthState) => {
    state = next;
    listeners.forEach((l) => l());
  };

  const signedOut = () => {
    const wasUnknownOrIn = state.status !== 'signedOut';
    const deliberate = intentional || readString(StorageKeys.userLogout, storage) === 'true';
    if (wasUnknownOrIn && !deliberate) {
      const path = deps.currentPath();
      const pathname = path.split('?')[0] ?? path;
      if (!SIGNED_OUT_PATHS.includes(pathname)) {
        writeString(StorageKeys.redirectPath, path, storage);
        deps.navigate(Routes.login);
      }
    }
    // The logout flag is then reset (docs/product.md#states).
    intentional = false;
    removeKey(StorageKeys.userLogout, storage);
    if (state.status !== 'signedOut') set({ status: 'signedOut' });
  };

  const onToken = (token: string | null, user: AuthUser | null) => {
    const mine = ++seq;
    if (!token) return signedOut();
    const apply = (parse: ScopeParser) => {
      if (mine === seq) applyToken(token, user, parse);
    };
    if (deps.parseScope) return apply(deps.parseScope);
    loadScopeTools().then(
      (t) => apply(t.parseScope),
      (e: unknown) => {
        if (mine !== seq) return;
        warn('The scope parser could not be loaded; treating the user as signed out.', e);
        signedOut();
      },
    );
  };

  const applyToken = (token: string, user: AuthUser | null, parseScope: ScopeParser) => {
    const payload = decodeJwtPayload(token);
    const scope = payload ? parseScope(payload.scope) : null;
    if (!payload || !scope) return signedOut();
    // A partner view's token (claim pv) stays in its tab: the shared keys keep the user's own session.
    if (!payload.pv) {
      if (readString(StorageKeys.jwt, storage) !== token) writeString(StorageKeys.jwt, token, storage);
      writeJson(StorageKeys.userScope, scope, storage);
    }
    const str = (v: unknown) => (typeof v === 'string' ? v : '');
    const next: SignedInUser = {
      id: user?.uid ?? str(payload.sub),
      name: user?.displayName ?? str(payload.name),
      email: user?.email ?? str(payload.email),
    };
    const prev = state;
    // Token refreshes with the same user and scope must not re-render the whole app.
    if (
      prev.status === 'signedIn' &&
      JSON.stringify(prev.user) === JSON.stringify(next) &&
      JSON.stringify(prev.scope) === JSON.stringify(scope)
    )
      return;
    set({ status: 'signedIn', user: next, scope });
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      return deps.client.onIdTokenChanged(onToken, (e) => {
        seq++;
        warn('Identity token could not be obtained; treating the user as signed out.', e);
        signedOut();
      });
    },
    markIntentionalLogout() {
      intentional = true;
    },
  };
}
