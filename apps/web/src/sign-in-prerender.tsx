// The build-time render of the signed-out pages, run in Node by
// scripts/prerender-sign-in.mjs after the sign-in entry's build. It renders the tree the sign-in
// entry hydrates (bootstrap.tsx with a known signed-out state) at a given path, so the HTML the
// server sends for /login is the form itself, painted before any script runs.
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { PublicConfig } from '@pc/contracts';
import { AppProviders } from './app/providers';
import { signInRoutes } from './app/sign-in-router';
import { AuthProvider } from './lib/identity/auth-context';
import type { AuthStore } from './lib/identity/auth-store';

/** A signed-out auth store that never changes: all the pre-rendered pages read of it. */
const signedOut: AuthStore = {
  getState: () => ({ status: 'signedOut' }),
  subscribe: () => () => undefined,
  start: () => () => undefined,
  markIntentionalLogout: () => undefined,
};

/** The markup of `path` as the sign-in entry renders it on its first, signed-out render. */
export function renderSignInPage(path: string, config: PublicConfig): string {
  return renderToString(
    <AppProviders config={config}>
      <AuthProvider value={{ store: signedOut, logout: async () => undefined }}>
        <StaticRouter location={path}>{signInRoutes()}</StaticRouter>
      </AuthProvider>
    </AppProviders>,
  );
}

/** A complete configuration to take the shape from (the script puts placeholders in its strings). */
export { DEFAULT_PUBLIC_CONFIG } from './lib/default-public-config';
