import { createContext, useContext, useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { createMemoryRouter, Route, RouterProvider, Routes, useLocation } from 'react-router';
import { SWRConfig } from 'swr';
import type { PublicConfig, UserScope } from '@pc/contracts';
import { theme } from '../src/app/theme';
import { ConfigContext } from '../src/lib/config-context';
import { AuthProvider, type AuthContextValue } from '../src/lib/identity/auth-context';
import { TEST_PUBLIC_CONFIG } from './public-config.fixture';

export interface RenderOptions {
  /** The address the router starts at. */
  url?: string;
  /** A route pattern: the element renders as that route's page, with its params from `url`. */
  path?: string;
  /** Renders as a signed-in user with this scope. */
  signedInAs?: UserScope;
  /** Replaces parts of the signed-in context (e.g. a logout spy). */
  auth?: Partial<AuthContextValue>;
  /** The server's public configuration (TEST_PUBLIC_CONFIG unless given). */
  config?: PublicConfig;
  /** Called with the router's location on every navigation, to assert where a page sent the user. */
  onLocation?: (pathname: string) => void;
}

/** A signed-in auth context for component tests (no identity server, no tokens). */
export function signedInAuth(scope: UserScope): AuthContextValue {
  const state = { status: 'signedIn' as const, user: { id: 'u1', name: 'Test User', email: 'user@example.test' }, scope };
  return {
    store: {
      getState: () => state,
      subscribe: () => () => undefined,
      start: () => () => undefined,
      markIntentionalLogout: () => undefined,
    },
    logout: async () => undefined,
  };
}

/**
 * Renders a component or a route the way the app does: the app's Mantine theme, an SWR cache of its
 * own (no test sees another test's data), a router at `url`, and optionally a signed-in user. The one
 * place web tests get their providers.
 */
export function renderWithProviders(ui: ReactElement, opts: RenderOptions = {}): RenderResult {
  const page = opts.path ? (
    <Routes>
      <Route path={opts.path} element={ui} />
    </Routes>
  ) : (
    ui
  );
  const withAuth = (children: ReactNode) =>
    opts.signedInAs ? <AuthProvider value={{ ...signedInAuth(opts.signedInAs), ...opts.auth }}>{children}</AuthProvider> : children;
  return render(page, {
    wrapper: ({ children }) => (
      <MantineProvider theme={theme}>
        <ConfigContext.Provider value={opts.config ?? TEST_PUBLIC_CONFIG}>
          {withAuth(
            <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
              <TestRouter url={opts.url ?? '/'}>
                {children}
                {opts.onLocation && <LocationProbe onLocation={opts.onLocation} />}
              </TestRouter>
            </SWRConfig>,
          )}
        </ConfigContext.Provider>
      </MantineProvider>
    ),
  });
}

// The app runs on a data router (app/router.tsx), so pages may use its hooks (useBlocker for
// unsaved changes). The test router is one too: created once per render, its only route shows
// whatever the test renders now, read from a context so rerender() keeps the router's history.
const TestChildren = createContext<ReactNode>(null);
function CurrentChildren() {
  return <>{useContext(TestChildren)}</>;
}
function TestRouter({ url, children }: { url: string; children: ReactNode }) {
  const [router] = useState(() => createMemoryRouter([{ path: '*', element: <CurrentChildren /> }], { initialEntries: [url] }));
  return (
    <TestChildren.Provider value={children}>
      <RouterProvider router={router} />
    </TestChildren.Provider>
  );
}

function LocationProbe({ onLocation }: { onLocation: (pathname: string) => void }) {
  const { pathname } = useLocation();
  useEffect(() => {
    onLocation(pathname);
  }, [pathname, onLocation]);
  return null;
}
