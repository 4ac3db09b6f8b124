/** The signed-in user as the identity provider reports it (docs/product.md#entities: uid, display name, email). */
export interface AuthUser {
  uid: string;
  email: string;
  displayName: string | null;
}

export type Persistence = 'local' | 'session';

/**
 * The identity-provider calls (docs/product.md#api-client) as one interface (docs/architecture.md). The built-in
 * implementation talks to the server's identity endpoints; a Firebase one can implement the same.
 */
export interface IdentityClient {
  readonly currentUser: AuthUser | null;
  /** True while this tab shows an admin's partner view (kept in this tab only). */
  readonly inPartnerView?: boolean;
  /** Leaves this tab's partner view; the tab is back on the user's own session. */
  endPartnerView?(): void;
  /** The current ID token; refreshed when forced or close to expiry. Null when signed out. */
  getIdToken(forceRefresh?: boolean): Promise<string | null>;
  signInWithEmailAndPassword(email: string, password: string): Promise<AuthUser>;
  signInWithCustomToken(token: string): Promise<AuthUser | null>;
  sendPasswordResetEmail(email: string): Promise<void>;
  /** Returns the e-mail the code was issued for. */
  verifyPasswordResetCode(code: string): Promise<string>;
  confirmPasswordReset(code: string, newPassword: string): Promise<void>;
  updatePassword(newPassword: string): Promise<void>;
  /** Re-confirms identity with the current password; does nothing without a user with an e-mail. */
  reauthenticate(password: string): Promise<void>;
  setPersistence(persistence: Persistence): Promise<void>;
  signOut(): Promise<void>;
  /** Ends every session of the user on every device (ID and refresh tokens); then sign out here. */
  signOutEverywhere(): Promise<void>;
  /**
   * Calls `next` with the current token right away (asynchronously) and on every change;
   * `error` when the token cannot be obtained. Returns the unsubscribe function.
   */
  onIdTokenChanged(next: (token: string | null, user: AuthUser | null) => void, error?: (e: unknown) => void): () => void;
}
