import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { Link, Route, Routes as RouterRoutes } from 'react-router';
import { Routes } from '@pc/contracts';
import { renderWithProviders } from '../../test/render-with-providers';
import { RootLayout } from './route-effects';

// The onboarding-guide tool (product tour) reloads on every route change, and the help widget is
// hidden on the observability landing page (/media-owners-cloud-setup), per the spec's layout rules.
type Vendor = { pendo?: { pageLoad: () => void }; zE?: (...args: unknown[]) => void };
const w = window as unknown as Vendor;

function Page({ name, to }: { name: string; to: string }) {
  return (
    <>
      <h1>{name}</h1>
      <Link to={to}>next</Link>
    </>
  );
}

function renderApp() {
  return renderWithProviders(
    <RouterRoutes>
      <Route element={<RootLayout />}>
        <Route index element={<Page name="Home" to={Routes.services} />} />
        <Route path={Routes.services} element={<Page name="Services" to={Routes.cloudSetup} />} />
        <Route path={Routes.cloudSetup} element={<Page name="Setup" to={Routes.home} />} />
      </Route>
    </RouterRoutes>,
    { url: Routes.home, signedInAs: { type: 'external_single', publisherId: '1002' } },
  );
}

describe('root layout: third-party tools on navigation', () => {
  let pageLoad: Mock<() => void>;
  let zE: Mock<(...args: unknown[]) => void>;
  beforeEach(() => {
    pageLoad = vi.fn<() => void>();
    zE = vi.fn<(...args: unknown[]) => void>();
    w.pendo = { pageLoad };
    w.zE = zE;
  });
  afterEach(() => {
    delete w.pendo;
    delete w.zE;
  });

  it('reloads the onboarding guide once on the first page and once on every route change', async () => {
    renderApp();
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(pageLoad).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('link', { name: 'next' }));
    expect(await screen.findByRole('heading', { name: 'Services' })).toBeInTheDocument();
    expect(pageLoad).toHaveBeenCalledTimes(2);
    fireEvent.click(screen.getByRole('link', { name: 'next' }));
    expect(await screen.findByRole('heading', { name: 'Setup' })).toBeInTheDocument();
    expect(pageLoad).toHaveBeenCalledTimes(3);
    fireEvent.click(screen.getByRole('link', { name: 'next' }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(pageLoad).toHaveBeenCalledTimes(4);
  });

  it('a failing guide script never breaks navigation', async () => {
    w.pendo = {
      pageLoad: () => {
        throw new Error('vendor down');
      },
    };
    renderApp();
    fireEvent.click(await screen.findByRole('link', { name: 'next' }));
    expect(await screen.findByRole('heading', { name: 'Services' })).toBeInTheDocument();
  });

  it('hides the help widget on the observability landing page and shows it again elsewhere', async () => {
    renderApp();
    await screen.findByRole('heading', { name: 'Home' });
    expect(zE).toHaveBeenLastCalledWith('messenger', 'show');
    fireEvent.click(screen.getByRole('link', { name: 'next' }));
    fireEvent.click(await screen.findByRole('link', { name: 'next' }));
    expect(await screen.findByRole('heading', { name: 'Setup' })).toBeInTheDocument();
    expect(zE).toHaveBeenLastCalledWith('messenger', 'hide');
    fireEvent.click(screen.getByRole('link', { name: 'next' }));
    await screen.findByRole('heading', { name: 'Home' });
    expect(zE).toHaveBeenLastCalledWith('messenger', 'show');
  });
});
