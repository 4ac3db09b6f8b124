import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { AuthState, AuthStore } from './auth-store';

export interface AuthContextValue {
  store: AuthStore;
  /** The spec's logout sequence, wired to the router and the session caches. */
  logout: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ value, children }: { value: AuthContextValue; children: ReactNode }) {
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

function useAuthContext(): AuthContextValue {
  const c = useContext(AuthContext);
  if (!c) throw new Error('auth is not initialized');
  return c;
}

export function useAuthState(): AuthState {
  const { store } = useAuthContext();
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}

/** For components under the protected routes: the signed-in user and scope. */
export function useSignedIn(): Extract<AuthState, { status: 'signedIn' }> {
  const s = useAuthState();
  if (s.status !== 'signedIn') throw new Error('useSignedIn used outside a protected route');
  return s;
}

export function useLogout(): () => Promise<void> {
  return useAuthContext().logout;
}
