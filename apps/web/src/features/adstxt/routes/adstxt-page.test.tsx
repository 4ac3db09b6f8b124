import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Routes, TrackingEvents, type AdsTxtItem, type UserScope } from '@pc/contracts';
import { configureApi } from '../../../lib/api';
import { ApiRequestError } from '../../../lib/api-error';
import type { ApiClient } from '../../../lib/api-client';
import { setChosenPublisherId } from '../../../lib/chosen-publisher';
import { track } from '../../../lib/tracking/track';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { detailFixture } from '../../../../test/adstxt/domain-detail.fixture';
import { AdsTxtPage } from './adstxt-page';

vi.mock('../../../lib/tracking/track', () => ({ track: vi.fn() }));

const item = (over: Partial<AdsTxtItem>): AdsTxtItem => {
  const { requiredLines: _r, missingLines: _m, crawl: _c, hostedContent: _h, ...base } = detailFixture();
  return { ...base, ...over };
};

function renderPage(
  url: string,
  answer: (path: string, options?: unknown) => unknown,
  scope: UserScope = { type: 'external_multiple', publishers: ['1001', '1003'] },
) {
  const client = vi.fn(async (path: string, options?: unknown) => {
    const r = answer(path, options);
    if (r instanceof Error) throw r;
    return r;
  });
  configureApi(client as unknown as ApiClient);
  renderWithProviders(<AdsTxtPage />, { url, path: Routes.adsTxt, signedInAs: scope });
  return client;
}

describe('ads.txt page', () => {
  beforeEach(() => setChosenPublisherId('1001'));
  afterEach(() => vi.clearAllMocks());

  it('lists the domains with status, redirection and last crawl, and tracks the view', async () => {
    const client = renderPage(Routes.adsTxt, () => [
      item({}),
      item({
        domain_id: 'd2',
        domain_name: 'sport.example',
        status: 'error',
        errorReason: 'Timed out',
        ads_txt_redirection_status: 'broken',
        lastCrawl: null,
      }),
    ]);
    expect(await screen.findByText('Missing lines (1)')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Broken')).toBeInTheDocument();
    expect(screen.getByText('Never')).toBeInTheDocument();
    expect(client).toHaveBeenCalledWith('/api/adstxt/domains', { publisherId: '1001', query: undefined });
    expect(track).toHaveBeenCalledWith(TrackingEvents.adsTxtView, { publisher_id: '1001' });
  });

  it('explains where domains come from when there are none', async () => {
    renderPage(Routes.adsTxt, () => []);
    expect(await screen.findByText('No domains yet')).toBeInTheDocument();
    expect(screen.getByText(/come from the sites registered for this partner/)).toBeInTheDocument();
  });

  it('says what to do when the list fails and retries', async () => {
    let fail = true;
    renderPage(Routes.adsTxt, () => (fail ? new Error('The server is unavailable.') : []));
    expect(await screen.findByText('The domains could not be loaded', {}, { timeout: 5000 })).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No domains yet')).toBeInTheDocument();
  });

  it('opens a domain from the query string with its tabs; editor and history wait for hosting', async () => {
    renderPage(`${Routes.adsTxt}?domain=d5001`, () => detailFixture({ hosted: false }));
    expect(await screen.findByRole('heading', { name: 'northwind-news.example' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Crawled file' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Editor' })).toBeDisabled();
    expect(screen.getByRole('tab', { name: 'History' })).toBeDisabled();
    fireEvent.click(screen.getByRole('tab', { name: 'Hosting & redirection' }));
    expect(await screen.findByRole('button', { name: 'Activate hosted ads.txt' })).toBeInTheDocument();
  });

  it('offers staff every partner’s domains and verifies the selected ones in bulk', async () => {
    const client = renderPage(
      Routes.adsTxt,
      (path) =>
        path === '/api/adstxt/all-publishers'
          ? [
              { ...item({}), publisher_id: '1001' },
              { ...item({ domain_id: 'd5101', domain_name: 'blueharbor.example', pub_name: 'Blue Harbor' }), publisher_id: '1002' },
            ]
          : path === '/api/adstxt/all-publishers/verify'
            ? { queued: 1 }
            : [item({})],
      { type: 'internal', adminAccess: false },
    );
    fireEvent.click(await screen.findByText('All partners'));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select blueharbor.example' }));
    fireEvent.click(screen.getByRole('button', { name: /Verify 1 selected/ }));
    await vi.waitFor(() =>
      expect(client).toHaveBeenCalledWith(
        '/api/adstxt/all-publishers/verify',
        expect.objectContaining({ method: 'POST', body: { domainIds: ['d5101'] } }),
      ),
    );
  });

  it('does not offer the all-partners view to media owners', async () => {
    renderPage(Routes.adsTxt, () => [item({})]);
    expect(await screen.findByText('Missing lines (1)')).toBeInTheDocument();
    expect(screen.queryByText('All partners')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download all missing lines (1)' })).toBeInTheDocument();
  });

  it('adds an app developer domain, showing the server’s field error when it is refused', async () => {
    const client = renderPage(Routes.adsTxt, (path) => {
      if (path === '/api/adstxt/app-domains')
        return new ApiRequestError('Conflict', 409, 'Conflict', { domain: 'This developer domain is already added.' });
      return [item({})];
    });
    const input = await screen.findByLabelText('Developer domain');
    fireEvent.click(screen.getByRole('button', { name: 'Add app domain' }));
    expect(await screen.findByText('Enter the developer domain of your apps.')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: 'northwind-news.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add app domain' }));
    expect(await screen.findByText('This developer domain is already added.')).toBeInTheDocument();
    expect(client).toHaveBeenCalledWith(
      '/api/adstxt/app-domains',
      expect.objectContaining({ method: 'POST', body: { domain: 'northwind-news.example' } }),
    );
  });
});
