import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { createMemoryRouter, Link, RouterProvider, type RouteObject } from 'react-router';
import { theme } from './theme';
import { lazyPage } from './lazy-page';
import { RouteErrorElement } from './page-load-error';
import { routes } from './router';

function Late() {
  return <h1>Late page</h1>;
}
function Home() {
  return <Link to="/late">to the late page</Link>;
}

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  if (online) window.dispatchEvent(new Event('online'));
}

/** The route's module: its download fails `failures` times (offline), then arrives. */
function chunk(failures: number) {
  let left = failures;
  return vi.fn(async () => {
    if (left-- > 0) throw new TypeError('Failed to fetch dynamically imported module: /assets/late-abc.js');
    return { Late };
  });
}

function renderRouter(load: () => Promise<{ Late: typeof Late }>) {
  const router = createMemoryRouter([
    {
      path: '/',
      errorElement: <RouteErrorElement />,
      children: [
        { index: true, element: <Home /> },
        { path: 'late', lazy: lazyPage(load, 'Late') },
      ],
    },
  ]);
  render(
    <MantineProvider theme={theme}>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

describe('a page whose code is not loaded yet, offline', () => {
  // React reports every error a route's error element catches; expected here.
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => vi.restoreAllMocks());

  it('says so, and opens the page by itself when the browser is back online', async () => {
    setOnline(false);
    const load = chunk(1);
    renderRouter(load);
    fireEvent.click(screen.getByRole('link', { name: 'to the late page' }));
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument();
    expect(screen.getByText('You are offline. The page opens by itself as soon as you are back online.')).toBeInTheDocument();
    await act(async () => setOnline(true));
    // The retry downloads the chunk and renders the route again: seconds on a busy CI machine.
    expect(await screen.findByRole('heading', { name: 'Late page' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps the message while a retry fails, and Try again loads the page once the code arrives', async () => {
    setOnline(false);
    const load = chunk(2);
    const router = renderRouter(load);
    await act(() => router.navigate('/late'));
    expect(await screen.findByTestId('page-load-failed')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'TRY AGAIN' }));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'TRY AGAIN' })).toBeEnabled());
    expect(screen.getByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'TRY AGAIN' }));
    expect(await screen.findByRole('heading', { name: 'Late page' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/late');
  });
});

describe('the app router', () => {
  const errorElements = (rs: RouteObject[]): unknown[] =>
    rs.flatMap((r) => [...(r.errorElement ? [r.errorElement] : []), ...errorElements(r.children ?? [])]);

  it('uses the eager error element, not a lazily loaded one, at the root and inside the shell', () => {
    const found = errorElements(routes);
    expect(found).toHaveLength(2);
    for (const e of found) expect((e as { type: unknown }).type).toBe(RouteErrorElement);
  });
});
