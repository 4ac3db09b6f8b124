import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes as RouterRoutes } from 'react-router';
import { Routes, type PublisherDetails, type Site, type UserScope } from '@pc/contracts';
import { configureApi } from '../../lib/api';
import type { ApiClient } from '../../lib/api-client';
import { setChosenPublisherId } from '../../lib/chosen-publisher';
import { StorageKeys } from '../../lib/storage';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ShellLayout } from './shell-layout';

vi.mock('../../lib/tracking/track', () => ({ track: vi.fn() }));

let wide = true;
const site = (over: Partial<Site>): Site => ({
  id: '5001',
  name: 'Northwind News',
  domain: 'northwind-news.example',
  active: true,
  taboola_organic: false,
  ...over,
});
const details = (sites: Site[]): PublisherDetails =>
  ({
    id: '1001',
    name: 'Northwind News',
    currency: 'USD',
    has_direct: false,
    appnexus_id: { marketplace: null, direct: null },
    sites,
    company: {},
  }) as unknown as PublisherDetails;

function renderShell(scope: UserScope, sites: Site[] = [site({})], logout = vi.fn(async () => undefined)) {
  const client = vi.fn(async (path: string) => (path === '/api/publisher-details' ? details(sites) : []));
  configureApi(client as unknown as ApiClient);
  const view = renderWithProviders(
    <RouterRoutes>
      <Route element={<ShellLayout />}>
        <Route index element={<p>Dashboard body</p>} />
      </Route>
    </RouterRoutes>,
    { url: Routes.home, signedInAs: scope, auth: { logout } },
  );
  return { ...view, logout };
}

const MULTI: UserScope = { type: 'external_multiple', publishers: ['1001', '1003'] };

describe('shell', () => {
  beforeEach(() => {
    localStorage.clear();
    setChosenPublisherId('1001');
    wide = true;
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: wide && query.includes('min-width'),
          media: query,
          onchange: null,
          addListener: () => undefined,
          removeListener: () => undefined,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
  });
  afterEach(() => vi.restoreAllMocks());

  it('frames the page: skip link, home link, partner switcher, main navigation and the page in main', async () => {
    renderShell(MULTI);
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('link', { name: 'Partners Center home' })).toHaveAttribute('href', Routes.home);
    expect(await screen.findByRole('button', { name: 'Switch partner' })).toHaveTextContent('Northwind News');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    for (const name of ['Dashboard', 'Reports', 'Blocking Rules', 'Ads.txt Management', 'Payments'])
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    expect(screen.getByText('Dashboard body').closest('#main-content')).not.toBeNull();
  });

  it('splits Reports in two only when an active site has organic recommendations', async () => {
    renderShell(MULTI, [site({ taboola_organic: true })]);
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    await waitFor(() => expect(within(nav).getByRole('button', { name: 'Reports' })).toBeInTheDocument());
    fireEvent.click(within(nav).getByRole('button', { name: 'Reports' }));
    expect(await within(nav).findByRole('link', { name: 'Recirculation Summary' })).toHaveAttribute('href', Routes.recirculationSummary);
  });

  it('reaches the ad revenue overview from the product-area entry', async () => {
    renderShell(MULTI);
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    fireEvent.click(await within(nav).findByRole('button', { name: 'Services & Site Health' }));
    expect(within(nav).getByRole('link', { name: 'Ad Revenue' })).toHaveAttribute('href', Routes.adRevenue);
  });

  it('an outside click closes an open submenu while the sidebar is open; a click inside keeps it', async () => {
    renderShell(MULTI, [site({ taboola_organic: true })]);
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const reports = await within(nav).findByRole('button', { name: 'Reports' });
    fireEvent.click(reports);
    expect(reports).toHaveAttribute('aria-expanded', 'true');
    fireEvent.mouseDown(within(nav).getByRole('link', { name: 'Revenue Summary' }));
    expect(reports).toHaveAttribute('aria-expanded', 'true');
    fireEvent.mouseDown(screen.getByText('Dashboard body'));
    expect(reports).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).queryByRole('link', { name: 'Recirculation Summary' })).not.toBeInTheDocument();
  });

  it('an outside click closes the flyout of a collapsed sidebar; a click in the flyout keeps it', async () => {
    renderShell(MULTI, [site({ taboola_organic: true })]);
    fireEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const reports = await within(nav).findByRole('button', { name: 'Reports' });
    fireEvent.click(reports);
    const flyoutLink = await screen.findByRole('link', { name: 'Recirculation Summary' });
    fireEvent.mouseDown(flyoutLink);
    expect(reports).toHaveAttribute('aria-expanded', 'true');
    fireEvent.mouseDown(screen.getByText('Dashboard body'));
    expect(reports).toHaveAttribute('aria-expanded', 'false');
  });

  it('an inactive organic site does not split Reports', async () => {
    renderShell(MULTI, [site({ taboola_organic: true, active: false })]);
    await screen.findByRole('button', { name: 'Switch partner' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Reports' })).toHaveAttribute('href', Routes.revenueSummary);
  });

  it('remembers a collapsed sidebar on this device', () => {
    const first = renderShell(MULTI);
    fireEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false');
    expect(localStorage.getItem(StorageKeys.sidebarCollapsed)).toBe('true');
    first.unmount();
    renderShell(MULTI);
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();
  });

  it('on a narrow screen the navigation opens from the burger', () => {
    wide = false;
    renderShell(MULTI);
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close navigation' })).toBeInTheDocument();
  });

  it('staff without admin access get a link to the read-only admin console; admins get Partners Center Admin instead', async () => {
    const staff = renderShell({ type: 'internal', adminAccess: false });
    fireEvent.click(screen.getByRole('button', { name: 'User menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Admin Console (read-only)' })).toHaveAttribute('href', Routes.adminConsole);
    expect(screen.queryByRole('menuitem', { name: 'Partners Center Admin', hidden: true })).not.toBeInTheDocument();
    staff.unmount();
    renderShell({ type: 'internal', adminAccess: true });
    fireEvent.click(screen.getByRole('button', { name: 'User menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Partners Center Admin' })).toHaveAttribute('href', Routes.adminConsole);
    expect(screen.queryByRole('menuitem', { name: 'Admin Console (read-only)', hidden: true })).not.toBeInTheDocument();
  });

  it('a single-partner user sees the partner name and no switcher; the user menu logs out', async () => {
    const { logout } = renderShell({ type: 'external_single', publisherId: '1001' });
    expect(await screen.findByText('Northwind News', { selector: 'p' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Switch partner' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'User menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', Routes.profileSettings);
    expect(screen.queryByRole('menuitem', { name: 'Partners Center Admin', hidden: true })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /Admin Console/, hidden: true })).not.toBeInTheDocument();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Log out', hidden: true }));
    await waitFor(() => expect(logout).toHaveBeenCalledTimes(1));
  });
});
