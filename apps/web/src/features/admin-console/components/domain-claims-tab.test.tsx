import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffDomainClaim } from '@pc/contracts';
import { configureApi } from '../../../lib/api';
import type { ApiClient } from '../../../lib/api-client';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { DomainClaimsTab } from './domain-claims-tab';

const row: StaffDomainClaim = {
  claimId: 'a9',
  domain: 'northwind-news.example',
  publisherId: '1002',
  publisherName: 'Blue Harbor',
  status: 'pending',
  method: null,
  note: null,
  requestedAt: '2026-11-01T10:00:00.000Z',
  checkedAt: null,
  siteOwners: [{ publisherId: '1001', publisherName: 'Northwind News' }],
  holder: { publisherId: '1001', publisherName: 'Northwind News', method: 'site_owner' },
};

describe('domain claims tab', () => {
  afterEach(() => vi.clearAllMocks());

  it('lists a claim with the site owner and holder, and rejects it with a required reason', async () => {
    const client = vi.fn(async (path: string) => (path === '/api/admin/domain-claims' ? [row] : { ok: true }));
    configureApi(client as unknown as ApiClient);
    renderWithProviders(<DomainClaimsTab />);
    const table = await screen.findByRole('table', { name: 'App domain claims' });
    expect(within(table).getByText('Northwind News (its site)')).toBeInTheDocument();
    fireEvent.click(within(table).getByRole('button', { name: "Reject Blue Harbor's claim of northwind-news.example" }));
    fireEvent.click(await screen.findByRole('button', { name: 'Reject claim' }));
    expect(await screen.findByText(/Say why/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Reason/), { target: { value: 'The domain is the site of another partner.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reject claim' }));
    await vi.waitFor(() =>
      expect(client).toHaveBeenCalledWith('/api/admin/domain-claims/a9/reject', {
        method: 'POST',
        publisherId: null,
        body: { reason: 'The domain is the site of another partner.' },
        responseType: 'json',
      }),
    );
  });
});
