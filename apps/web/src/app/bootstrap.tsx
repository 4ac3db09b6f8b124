import { startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import type { PublicConfig } from '@pc/contracts';
import { AppProviders, BaseProviders } from './providers';
import { PageLoader } from '../components/ui/spinner';
import { LazyServerErrorPage } from '../components/ui/lazy-error-pages';
import { BuiltinIdentityClient } from '../lib/identity/builtin-identity-client';
import { setIdentityClient } from '../lib/identity/auth-instance';
import { createAuthStore } from '../lib/identity/auth-store';
import { AuthProvider } from '../lib/identity/auth-context';
import { isAuthConfigComplete, syncAuthConfig } from '../lib/identity/auth-config';
import { logout } from '../lib/identity/logout';
import { exitPartnerView, readViewingAs } from '../lib/viewing-as';
import { createApiClient } from '../lib/api-client';
import { configureApi } from '../lib/api';
import { StorageKeys, USER_SESSION_KEYS, readString, removeKey } from '../lib/storage';
import { markPageLive } from '../lib/early-submit';
import { reportBanner } from '../lib/report-banner/report-banner-store';
import { getChosenPublisherId } from '../lib/chosen-publisher';
import { clearToasts } from '../lib/toast';
import { resetAnalytics, sendHandedOverEvents, setTrackingScope } from '../lib/tracking/track';

/** The routes of an entry: the element that renders them and how code outside React navigates. */
export interface AppRouting {
  element: ReactNode;
  navigate: (path: string) => void;
}

async function loadConfig(): Promise<PublicConfig> {
  // The server inlines the configuration into index.html; the request is the fallback (Vite dev).
  const inline = document.getElementById('pc-config')?.textContent;
  if (inline) return JSON.parse(inline) as PublicConfig;
  const res = await fetch('/api/config', { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`GET /api/config answered ${res.status}`);
  // Trusted first-party answer; the server validates it against the same schema when sending.
  return (await res.json()) as PublicConfig;
}

/**
 * The page the server pre-rendered into the container (the sign-in entry: its `data-prerendered`
 * names the path), if it still shows what this visit must see: the same path, no query (a custom
 * token or a reset code changes the page) and no stored session (a signed-in user is sent on). The
 * server's inline gate (apps/server/src/http/sign-in-gate.ts) makes the same decision before the
 * first paint and marks the document when it hides the form.
 */
function prerenderedPageApplies(container: HTMLElement, client: BuiltinIdentityClient): boolean {
  const path = container.dataset.prerendered;
  if (!path || document.documentElement.hasAttribute('data-pc-no-prerender')) return false;
  const here = window.location.pathname.replace(/(.)\/$/, '$1');
  // "Keep me signed in" turned off: the page differs from the pre-rendered one (its checkbox).
  const keepSignedIn = readString(StorageKeys.authPersistence) !== 'false';
  return here === path && window.location.search === '' && client.currentUser === null && keepSignedIn;
}

/**
 * The pre-rendered markup will not be used: it goes at once (a signed-in visitor must not see the
 * form while React renders the page afresh), and so does the gate's loader (React shows its own).
 */
function discardPrerender(container: HTMLElement): void {
  delete container.dataset.prerendered;
  container.replaceChildren();
  document.getElementById('pc-boot-loader')?.remove();
}

/** The API client: the identity's token, the chosen publisher, and a 401 that signs out. */
function configureSignedApi(client: BuiltinIdentityClient) {
  configureApi(
    createApiClient({
      getToken: () => client.getIdToken(),
      getPublisherId: getChosenPublisherId,
      // Spec: a 401 signs out and goes to /login; the auth store does the redirect on sign-out.
      onUnauthorized: () => {
        // Not the logout sequence, but the same rule: this user's local keys go with the session.
        USER_SESSION_KEYS.forEach((key) => removeKey(key));
        reportBanner.reload();
        void client.signOut();
      },
    }),
  );
}

/**
 * Start-up: config -> auth configuration check -> identity, API client, router -> render. The full
 * app (main.tsx) and the light sign-in entry (sign-in-main.tsx) share it and differ in their router
 * only, so sign-in, tracking and the 401 rule behave the same in both. A pre-rendered page (the
 * sign-in entry's) is hydrated when it applies: its form is the first paint, and stays.
 */
export async function bootstrap(container: HTMLElement, createRouting: () => AppRouting): Promise<void> {
  // The server's app gate (apps/server/src/http/app-gate.ts) found no session and is already
  // loading /login: starting here too would only race it.
  if (document.documentElement.hasAttribute('data-pc-leaving')) return;
  let root: Root | null = null;
  const render = (node: ReactNode) => (root ??= createRoot(container)).render(node);
  const prerendered = container.dataset.prerendered !== undefined;
  // The pre-rendered page stays on screen while the configuration is read (inline: no wait).
  if (!prerendered)
    render(
      <BaseProviders>
        <PageLoader />
      </BaseProviders>,
    );

  let config: PublicConfig;
  try {
    config = await loadConfig();
  } catch (e) {
    console.error('Could not load the configuration', e);
    discardPrerender(container);
    render(
      <BaseProviders>
        <LazyServerErrorPage />
      </BaseProviders>,
    );
    return;
  }
  document.title = config.productName;

  const authConfig = syncAuthConfig(config.identity);
  if (!isAuthConfigComplete(authConfig)) {
    const { AuthConfigFallback } = await import('./auth-config-fallback');
    discardPrerender(container);
    render(
      <BaseProviders productName={config.productName}>
        <AuthConfigFallback />
      </BaseProviders>,
    );
    return;
  }

  const client = new BuiltinIdentityClient();
  setIdentityClient(client);
  const hydrate = prerendered && prerenderedPageApplies(container, client);
  if (prerendered && !hydrate) {
    discardPrerender(container);
    render(
      <BaseProviders productName={config.productName}>
        <PageLoader />
      </BaseProviders>,
    );
  }
  const { navigate, element } = createRouting();
  const store = createAuthStore({
    client,
    navigate,
    currentPath: () => window.location.pathname + window.location.search,
    // Hydration must render what the server did: the signed-out form, not the loader of 'unknown'.
    knownSignedOut: hydrate,
  });
  store.subscribe(() => {
    const s = store.getState();
    setTrackingScope(s.status === 'signedIn' ? s.scope : null);
    // The Login event of a sign-in on the light entry, sent by the app page it went on to.
    if (s.status === 'signedIn') sendHandedOverEvents();
  });

  configureSignedApi(client);

  const clearSession = () => {
    clearToasts();
    // logout() removed the banner lists from storage; the in-memory copy follows.
    reportBanner.reload();
    // Drop every cached answer so the next user never sees this user's data.
    void import('swr').then(({ mutate }) => mutate(() => true, undefined, { revalidate: false }));
  };
  const partnerView = { active: () => readViewingAs() !== null, exit: () => exitPartnerView() };
  const doLogout = () => logout({ client, auth: store, clearSession, navigate, resetAnalytics, partnerView });

  store.start();
  // The loader itself is only fetched when some third-party id is configured.
  if (Object.values(config.analytics).some(Boolean))
    void import('../lib/tracking/third-party-loader').then((m) => m.loadThirdPartyScripts(config.analytics));

  const app = (
    <AppProviders config={config}>
      <AuthProvider value={{ store, logout: doLogout }}>{element}</AuthProvider>
    </AppProviders>
  );
  // A transition: React renders (or hydrates) the app in slices of a few milliseconds, yielding to
  // the browser between them, instead of one long task that blocks input on a slow phone.
  startTransition(() => {
    if (hydrate) hydrateRoot(container, app);
    else render(app);
  });
  // From here React handles the page's events (an event on markup not hydrated yet hydrates it first).
  markPageLive();
}
