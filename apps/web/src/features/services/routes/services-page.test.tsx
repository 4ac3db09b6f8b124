import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServiceSummary, ServicesOverview, SiteTrackingView } from '@pc/contracts';
import { configureApi } from '../../../lib/api';
import type { ApiClient } from '../../../lib/api-client';
import { ApiRequestError } from '../../../lib/api-error';
import { setChosenPublisherId } from '../../../lib/chosen-publisher';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { ServicesPage } from './services-page';

const site = (over: Partial<SiteTrackingView>): SiteTrackingView => ({
  siteId: '5001',
  siteName: 'Northwind News',
  domain: 'northwind.example',
  isSiteActivated: true,
  isOnboardedOnDMoc: false,
  product: { status: 'ACTIVATED', eventTrackerDataReceived: true },
  atLeastOneSitetagOnboarding: true,
  planStatus: 'Site Integration',
  ...over,
});

const service = (over: Partial<ServiceSummary>): ServiceSummary => ({
  id: 'audience',
  name: 'Audience',
  summary: 'Who reads your pages.',
  whatItDoes: [],
  needs: [],
  usesSiteTag: true,
  path: '/audience',
  activeSites: 1,
  ...over,
});

const OVERVIEW: ServicesOverview = {
  services: [service({}), service({ id: 'blocking', name: 'Blocking', summary: 'Keep brands off your pages.', activeSites: 0 })],
  sites: [
    site({}),
    site({
      siteId: '5002',
      siteName: 'Northwind Sport',
      domain: 'sport.example',
      isOnboardedOnDMoc: true,
      product: { status: 'PENDING', eventTrackerDataReceived: false },
      planStatus: 'Data Integration',
    }),
  ],
};

/** The API answers with the next of `answers` (thrown when an Error), the last one repeating. */
function renderServices(...answers: unknown[]) {
  let i = 0;
  const client = vi.fn(async (path: string) => {
    if (path !== '/api/services') throw new Error(`unexpected ${path}`);
    const r = answers[Math.min(i++, answers.length - 1)];
    if (r instanceof Error) throw r;
    return r;
  });
  configureApi(client as unknown as ApiClient);
  setChosenPublisherId('1001');
  const locations: string[] = [];
  renderWithProviders(<ServicesPage />, {
    url: '/services',
    signedInAs: { type: 'external_single', publisherId: '1001' },
    onLocation: (p) => locations.push(p),
  });
  return { client, locations };
}

afterEach(() => localStorage.clear());

describe('ServicesPage', () => {
  it("shows each site's plan status with the states behind it", async () => {
    renderServices(OVERVIEW);
    const table = await screen.findByRole('table', { name: 'Plan status of your sites' });
    const [news, sport] = within(table).getAllByRole('row').slice(1);
    expect(news).toHaveTextContent('Northwind News');
    expect(news).toHaveTextContent('Site Integration');
    expect(within(news!).getAllByRole('cell')[3]).toHaveTextContent('Yes');
    expect(within(news!).getAllByRole('cell')[4]).toHaveTextContent('Not onboarded');
    expect(sport).toHaveTextContent('Data Integration');
    expect(within(sport!).getAllByRole('cell')[3]).toHaveTextContent('Not yet');
    expect(within(sport!).getAllByRole('cell')[4]).toHaveTextContent('Confirmed');
  });

  it('shows each service with how many sites use it, and its links lead to its details and activation', async () => {
    const { locations } = renderServices(OVERVIEW);
    const audience = (await screen.findByRole('heading', { name: 'Audience', level: 3 })).closest('[data-service]')!;
    expect(audience).toHaveTextContent('1 of 2 sites');
    expect(audience).toHaveTextContent('Who reads your pages.');
    const blocking = screen.getByRole('heading', { name: 'Blocking', level: 3 }).closest('[data-service]')!;
    expect(blocking).toHaveTextContent('0 of 2 sites');
    expect(screen.getByRole('link', { name: 'Details of Audience' })).toHaveAttribute('href', '/services/audience');
    fireEvent.click(screen.getByRole('link', { name: 'Activate Blocking' }));
    expect(locations.at(-1)).toBe('/services/blocking/activation');
  });

  it('says sites appear once added, and still lists the services, when the publisher has no active site', async () => {
    renderServices({ ...OVERVIEW, sites: [] });
    expect(await screen.findByText('No active sites')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Plan status of your sites' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Audience', level: 3 })).toBeInTheDocument();
  });

  it('shows why the services did not load, and Try again loads them', async () => {
    const { client } = renderServices(new ApiRequestError('Catalogue unavailable', 503), OVERVIEW);
    const alert = await screen.findByRole('alert', { name: 'The services could not be loaded' });
    expect(alert).toHaveTextContent('Catalogue unavailable');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Plan status of your sites' })).toBeInTheDocument();
    expect(client.mock.calls.length).toBeGreaterThanOrEqual(2);
  });
});
