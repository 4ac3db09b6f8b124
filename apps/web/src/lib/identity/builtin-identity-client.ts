import { identityPaths, type EndpointInput, type EndpointResponse, type identityEndpoints } from '@pc/contracts';
import { StorageKeys, readJson, readString, removeKey, writeJson, writeString } from '../storage';
import { errorFromResponse } from '../api-error';
import type { AuthUser, IdentityClient, Persistence } from './identity-client';

/*
 * The identity calls by their contract entries (identity.endpoints.ts), typed by them as types only:
 * this client loads with both first bundles, which carry no zod, so method and path come from the
 * entries' schema-free half (identity.paths.ts). It does not go through the API client, which takes
 * its bearer token from this client and signs out on any 401.
 */
type IdentityEntries = typeof identityEndpoints;
type IdentityCall = keyof IdentityEntries;
type IdentityBody<K extends IdentityCall> = EndpointInput<IdentityEntries[K]>['body'];
type IdentityAnswer<K extends IdentityCall> = EndpointResponse<IdentityEntries[K]>;
/** No refresh token here: the server keeps it in an httpOnly cookie this code cannot read. */
type TokenResponse = IdentityAnswer<'signIn'>;

/** What is stored (the ID token is readable anyway: the spec's `jwt` key holds it). */
interface Session {
  idToken: string;
  /** Epoch ms. */
  expiresAt: number;
  user: AuthUser;
}

type Listener = { next: (token: string | null, user: AuthUser | null) => void; error?: (e: unknown) => void };

/** Tokens are refreshed when less than this is left (the brief: refresh when < 5 min left). */
export const REFRESH_MARGIN_MS = 5 * 60_000;
/** The server's refresh and sign-out routes refuse requests without it (CSRF, refresh-cookie.ts). */
export const CSRF_HEADER = 'X-Requested-With';
/** Serialises refreshes across this browser's tabs: the cookie rotates, so two at once would clash. */
const REFRESH_LOCK = 'pc-identity-refresh';

export interface BuiltinIdentityOptions {
  fetch?: typeof fetch;
  now?: () => number;
  local?: Storage;
  session?: Storage;
}

/** The built-in identity service client (server endpoints under /api/identity). */
export class BuiltinIdentityClient implements IdentityClient {
  private sessionData: Session | null;
  /** This tab's partner view, over the signed-in user's own session; the other tabs never see it. */
  private tabSession: Session | null;
  private readonly listeners = new Set<Listener>();
  private refreshing: Promise<string | null> | null = null;
  private readonly doFetch: typeof fetch;
  private readonly now: () => number;
  private readonly local: Storage;
  private readonly sessionStore: Storage;

  constructor(opts: BuiltinIdentityOptions = {}) {
    this.doFetch = opts.fetch ?? ((...args) => fetch(...args));
    this.now = opts.now ?? Date.now;
    this.local = opts.local ?? localStorage;
    this.sessionStore = opts.session ?? sessionStorage;
    this.sessionData = this.load();
    this.tabSession = this.loadTab();
    if (typeof window !== 'undefined') window.addEventListener('storage', this.onStorage);
  }

  get currentUser(): AuthUser | null {
    return this.active()?.user ?? null;
  }

  /** True while this tab shows a partner view. */
  get inPartnerView(): boolean {
    return this.tabSession !== null;
  }

  private active(): Session | null {
    return this.tabSession ?? this.sessionData;
  }

  private loadTab(): Session | null {
    const s = readJson<Session | null>(StorageKeys.partnerViewSession, null, this.sessionStore);
    return s && typeof s.idToken === 'string' && typeof s.expiresAt === 'number' ? s : null;
  }

  private setTabSession(session: Session | null): void {
    const before = this.active()?.idToken ?? null;
    this.tabSession = session;
    if (session) writeJson(StorageKeys.partnerViewSession, session, this.sessionStore);
    else removeKey(StorageKeys.partnerViewSession, this.sessionStore);
    if ((this.active()?.idToken ?? null) !== before) this.emit();
  }

  /** Leaves this tab's partner view: the tab is back on the user's own session (the server ended the view). */
  endPartnerView(): void {
    this.setTabSession(null);
  }

  private persistent(): boolean {
    // moc_auth_persistence: boolean, default true (docs/product.md#entities).
    return readString(StorageKeys.authPersistence, this.local) !== 'false';
  }

  private store(): Storage {
    return this.persistent() ? this.local : this.sessionStore;
  }

  private load(): Session | null {
    const s = readJson<(Session & { refreshToken?: unknown }) | null>(StorageKeys.identitySession, null, this.store());
    if (!s || typeof s.idToken !== 'string' || typeof s.expiresAt !== 'number') return null;
    const session: Session = { idToken: s.idToken, expiresAt: s.expiresAt, user: s.user };
    // A session stored by an older version still holds a refresh token: take it out of storage.
    if ('refreshToken' in s) writeJson(StorageKeys.identitySession, session, this.store());
    return session;
  }

  private save(session: Session | null): void {
    removeKey(StorageKeys.identitySession, this.local);
    removeKey(StorageKeys.identitySession, this.sessionStore);
    if (session) writeJson(StorageKeys.identitySession, session, this.store());
  }

  // Another tab refreshed (rotating the refresh token) or signed out: adopt its session.
  private readonly onStorage = (e: StorageEvent) => {
    if (e.key !== StorageKeys.identitySession || e.storageArea !== this.local) return;
    const before = this.sessionData?.idToken ?? null;
    this.sessionData = this.load();
    // A tab in a partner view keeps it: the other tab's session is the user's own.
    if (!this.tabSession && (this.sessionData?.idToken ?? null) !== before) this.emit();
  };

  private emit(): void {
    const token = this.active()?.idToken ?? null;
    const user = this.active()?.user ?? null;
    this.listeners.forEach((l) => l.next(token, user));
  }

  private setSession(res: TokenResponse | null): void {
    const before = this.active()?.idToken ?? null;
    this.sessionData = res ? { idToken: res.idToken, expiresAt: this.now() + res.expiresIn * 1000, user: res.user } : null;
    this.save(this.sessionData);
    if ((this.active()?.idToken ?? null) !== before) this.emit();
  }

  /** One identity call; a call without a body sends an empty JSON object. */
  private async send<K extends IdentityCall>(call: K, body: IdentityBody<K>, token?: string): Promise<IdentityAnswer<K>> {
    const { method, path } = identityPaths[call];
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json', [CSRF_HEADER]: 'pc-web' };
    if (token) headers.Authorization = `Bearer ${token}`;
    // "Keep me signed in" off: the server makes the refresh cookie last only for this browser session.
    if (!this.persistent()) headers['X-Keep-Signed-In'] = 'false';
    const res = await this.doFetch(path, {
      method,
      headers,
      body: JSON.stringify(body ?? {}),
      credentials: 'same-origin',
    });
    if (!res.ok) throw await errorFromResponse(res);
    if (res.status === 204 || res.status === 202) return {} as IdentityAnswer<K>;
    return (await res.json()) as IdentityAnswer<K>;
  }

  async getIdToken(forceRefresh = false): Promise<string | null> {
    const view = this.tabSession;
    // A partner view has no refresh token: it lasts its one ID token, then the tab is the user's again.
    if (view && view.expiresAt > this.now()) return view.idToken;
    if (view) this.setTabSession(null);
    const s = this.sessionData;
    if (!s) return null;
    if (!forceRefresh && s.expiresAt - this.now() > REFRESH_MARGIN_MS) return s.idToken;
    // One refresh at a time: the refresh token rotates, so parallel refreshes would revoke each other.
    this.refreshing ??= this.refresh(s.idToken).finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  /** Refreshes through the httpOnly cookie; `staleToken` is the ID token this tab wants replaced. */
  private async refresh(staleToken: string): Promise<string | null> {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    return locks ? locks.request(REFRESH_LOCK, () => this.refreshNow(staleToken)) : this.refreshNow(staleToken);
  }

  private async refreshNow(staleToken: string): Promise<string | null> {
    // Another tab may have refreshed while this one waited for the lock: adopt its session instead
    // of sending the cookie it already rotated.
    const stored = this.load();
    if (stored && stored.idToken !== staleToken && stored.expiresAt - this.now() > REFRESH_MARGIN_MS) {
      this.sessionData = stored;
      this.emit();
      return stored.idToken;
    }
    try {
      const res = await this.send('refresh', undefined);
      this.setSession(res);
      return res.idToken;
    } catch (e) {
      // A 401 means the refresh token was revoked or already rotated elsewhere: the session is over.
      const status = (e as { status?: number }).status;
      if (status === 401) {
        this.setSession(null);
        return null;
      }
      this.listeners.forEach((l) => l.error?.(e));
      throw e;
    }
  }

  async signInWithEmailAndPassword(email: string, password: string): Promise<AuthUser> {
    const res = await this.send('signIn', { email, password });
    this.setSession(res);
    return res.user;
  }

  async signInWithCustomToken(token: string): Promise<AuthUser | null> {
    if (!token) return null;
    const res = await this.send('signInWithToken', { token });
    if (res.partnerView) this.setTabSession({ idToken: res.idToken, expiresAt: this.now() + res.expiresIn * 1000, user: res.user });
    else this.setSession(res);
    return res.user;
  }

  async sendPasswordResetEmail(email: string): Promise<void> {
    if (!email) return;
    await this.send('requestPasswordReset', { email });
  }

  async verifyPasswordResetCode(code: string): Promise<string> {
    if (!code) return '';
    const res = await this.send('verifyPasswordReset', { code });
    return res.email;
  }

  async confirmPasswordReset(code: string, newPassword: string): Promise<void> {
    if (!code) return;
    await this.send('confirmPasswordReset', { code, newPassword });
  }

  async updatePassword(newPassword: string): Promise<void> {
    const token = await this.getIdToken();
    if (!token) return;
    // The change ends every session of the user; this device gets a fresh one in the answer.
    const res = await this.send('updatePassword', { newPassword }, token);
    if (res.idToken) this.setSession(res);
  }

  async reauthenticate(password: string): Promise<void> {
    if (!this.sessionData?.user.email) return;
    const token = await this.getIdToken();
    if (!token) return;
    const res = await this.send('reauthenticate', { password }, token);
    this.setSession(res);
  }

  async setPersistence(persistence: Persistence): Promise<void> {
    writeString(StorageKeys.authPersistence, persistence === 'local' ? 'true' : 'false', this.local);
    // Move an existing session to the chosen storage so the choice applies immediately.
    this.save(this.sessionData);
  }

  async signOut(): Promise<void> {
    // In a partner view (its Exit, or a 401 once the view has ended) only this tab's view ends: the
    // user's own session, which the other tabs use, stays.
    if (this.tabSession) return this.endPartnerView();
    const s = this.sessionData;
    this.setSession(null);
    // Revokes the refresh token and clears its cookie (the server reads it; this code cannot).
    if (s) await this.send('signOut', undefined).catch(() => undefined);
  }

  async signOutEverywhere(): Promise<void> {
    const token = await this.getIdToken();
    if (!token) return;
    await this.send('signOutEverywhere', undefined, token);
  }

  onIdTokenChanged(next: Listener['next'], error?: Listener['error']): () => void {
    const listener: Listener = { next, error };
    this.listeners.add(listener);
    queueMicrotask(() => {
      if (!this.listeners.has(listener)) return;
      // Like the provider SDKs: report the current state once, refreshing a stale token first.
      this.getIdToken().then(
        (token) => {
          // refresh() may already have emitted; emitting again with the same token is harmless.
          if (this.listeners.has(listener)) next(token, token ? this.currentUser : null);
        },
        (e: unknown) => error?.(e),
      );
    });
    return () => {
      this.listeners.delete(listener);
    };
  }
}
