import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdsTxtItem } from '@pc/contracts';
import { configureApi } from '../../lib/api';
import type { ApiClient } from '../../lib/api-client';
import { renderWithProviders } from '../../../test/render-with-providers';
import { AdsTxtCard } from './adstxt-card';

function withDomains(domains: Partial<AdsTxtItem>[]) {
  const client = vi.fn(async () => domains.map((d, i) => ({ domain_id: `d${i}`, missingCount: 0, ignoredLines: 0, ...d })));
  configureApi(client as unknown as ApiClient);
  return client;
}

describe('home ads.txt card', () => {
  afterEach(() => vi.clearAllMocks());

  it('counts the domains to fix and their missing lines, from the ads.txt list', async () => {
    const api = withDomains([
      { status: 'missing_lines', missingCount: 3 },
      { status: 'not_found', missingCount: 4 },
      { status: 'authorized', ignoredLines: 2 },
      { status: 'not_crawled' },
    ]);
    renderWithProviders(<AdsTxtCard publisherId="1001" />);
    expect(screen.getByTestId('home-adstxt-loading')).toBeInTheDocument();
    expect(await screen.findByTestId('home-adstxt-to-fix')).toHaveTextContent('2');
    expect(screen.getByTestId('home-adstxt-missing')).toHaveTextContent('7');
    expect(screen.getByText('2 of 4 domains need a look. 2 lines ignored by buyers.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Fix ads.txt' })).toHaveAttribute('href', '/partners/adstxt');
    expect(api).toHaveBeenCalledWith('/api/adstxt/domains', expect.objectContaining({ publisherId: '1001' }));
  });

  it('says when nothing needs work', async () => {
    withDomains([{ status: 'authorized' }]);
    renderWithProviders(<AdsTxtCard publisherId="1002" />);
    expect(await screen.findByTestId('home-adstxt-to-fix')).toHaveTextContent('0');
    expect(screen.getByText('No domain needs work.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open ads.txt' })).toBeInTheDocument();
  });
});
