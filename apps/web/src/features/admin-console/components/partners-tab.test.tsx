import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminPartner, AdminPartnerDetails, UserScope } from '@pc/contracts';
import { configureApi } from '../../../lib/api';
import type { ApiClient, RequestOptions } from '../../../lib/api-client';
import { ApiRequestError } from '../../../lib/api-error';
import { getToasts } from '../../../lib/toast';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { PartnersTab } from './partners-tab';

const ADMIN: UserScope = { type: 'internal', adminAccess: true };
const STAFF: UserScope = { type: 'internal', adminAccess: false };

const partner: AdminPartner = {
  id: '1001',
  name: 'Northwind News',
  currency: 'USD',
  has_direct: false,
  appnexus_marketplace_id: '123',
  appnexus_direct_id: null,
  company: 'Northwind Media Inc.',
  sites: 1,
  activeSites: 1,
  created: '2026-01-01T00:00:00.000Z',
};
const details: AdminPartnerDetails = {
  ...partner,
  siteList: [{ id: '11', name: 'Northwind Daily', domain: 'daily.northwind.example', active: true, taboola_organic: false }],
};

/** A client answering the partners list and the partner, and `write` for anything else. */
function serve(write: (path: string, o: RequestOptions | undefined) => unknown) {
  const client = vi.fn(async (path: string, o?: RequestOptions) => {
    if ((o?.method ?? 'GET') === 'GET') return path === '/api/admin/partners' ? [partner] : details;
    return write(path, o);
  });
  configureApi(client as unknown as ApiClient);
  return client;
}
const writes = (client: ReturnType<typeof serve>) => client.mock.calls.filter(([, o]) => o?.method && o.method !== 'GET');

describe('partners tab: editing partners and sites', () => {
  afterEach(() => vi.clearAllMocks());

  it("saves a partner's changed details only, and closes the form", async () => {
    const client = serve((_, o) => ({ ...details, ...(o?.body as object) }));
    renderWithProviders(<PartnersTab canEdit />, { signedInAs: ADMIN });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Northwind News' }));
    const form = screen.getByRole('form', { name: 'Edit partner Northwind News (1001)' });
    const name = within(form).getByLabelText('Partner name');
    expect(name).toHaveFocus();
    fireEvent.change(name, { target: { value: 'Northwind Press' } });
    fireEvent.change(within(form).getByLabelText(/AppNexus direct id/), { target: { value: '987' } });
    fireEvent.click(within(form).getByLabelText('Has direct deals'));
    fireEvent.submit(form);
    await vi.waitFor(() => expect(screen.queryByRole('form', { name: /Edit partner/ })).not.toBeInTheDocument());
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Edit Northwind News' })).toHaveFocus());
    expect(getToasts()).toContainEqual(
      expect.objectContaining({ severity: 'success', message: 'Partner Northwind Press (id 1001) saved.' }),
    );
    expect(writes(client)).toEqual([
      [
        '/api/admin/partners/1001',
        {
          method: 'PATCH',
          publisherId: null,
          query: undefined,
          body: { name: 'Northwind Press', appnexus_direct_id: '987', has_direct: true },
          responseType: 'json',
        },
      ],
    ]);
  });

  it("checks the currency before sending, and shows the server's 400 field message at its field", async () => {
    const client = serve(() => {
      throw new ApiRequestError('Invalid input', 400, 'ValidationError', { 'body.company': 'Use at most 200 characters.' });
    });
    renderWithProviders(<PartnersTab canEdit />, { signedInAs: ADMIN });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Northwind News' }));
    const form = screen.getByRole('form', { name: /Edit partner/ });
    const currency = within(form).getByLabelText(/Currency/);
    fireEvent.change(currency, { target: { value: 'dollars' } });
    fireEvent.submit(form);
    await vi.waitFor(() => expect(currency).toHaveAccessibleDescription(/Use a three-letter currency code/));
    expect(currency).toHaveFocus();
    expect(writes(client)).toEqual([]);

    fireEvent.change(currency, { target: { value: 'EUR' } });
    const company = within(form).getByLabelText('Company');
    fireEvent.change(company, { target: { value: 'Northwind Media Group' } });
    fireEvent.submit(form);
    await vi.waitFor(() => expect(company).toHaveAccessibleDescription('Use at most 200 characters.'));
    expect(company).toHaveAttribute('aria-invalid', 'true');
    expect(company).toHaveFocus();
    expect(screen.getByRole('form', { name: /Edit partner/ })).toBeInTheDocument();
  });

  it('renames a site and changes its domain; a domain the partner has already shows at the domain', async () => {
    let fail = true;
    const client = serve((_, o) => {
      if (fail)
        throw new ApiRequestError('This partner already has a site with this domain.', 409, 'Conflict', {
          domain: 'This partner already has a site with this domain.',
        });
      return { ...details.siteList[0], ...(o?.body as object) };
    });
    renderWithProviders(<PartnersTab canEdit />, { signedInAs: ADMIN });
    fireEvent.click(await screen.findByRole('button', { name: 'Sites of Northwind News' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit site Northwind Daily' }));
    const name = screen.getByLabelText('Name of site Northwind Daily');
    const domain = screen.getByLabelText('Domain of site Northwind Daily');
    expect(name).toHaveFocus();
    fireEvent.change(name, { target: { value: 'Northwind Evening' } });
    fireEvent.change(domain, { target: { value: 'Evening.Northwind.example' } });
    const form = screen.getByRole('form', { name: 'Edit site Northwind Daily' });
    fireEvent.submit(form);
    await vi.waitFor(() => expect(domain).toHaveAccessibleDescription('This partner already has a site with this domain.'));
    expect(domain).toHaveFocus();
    fail = false;
    fireEvent.submit(form);
    await vi.waitFor(() => expect(screen.queryByRole('form', { name: /Edit site/ })).not.toBeInTheDocument());
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Edit site Northwind Daily' })).toHaveFocus());
    expect(client).toHaveBeenCalledWith('/api/admin/partners/1001/sites/11', {
      method: 'PATCH',
      publisherId: null,
      query: undefined,
      body: { name: 'Northwind Evening', domain: 'evening.northwind.example' },
      responseType: 'json',
    });
  });

  it('shows read-only staff no edit, create or sign-in buttons, and switches they cannot turn', async () => {
    serve(() => ({}));
    renderWithProviders(<PartnersTab canEdit={false} />, { signedInAs: STAFF });
    fireEvent.click(await screen.findByRole('button', { name: 'Sites of Northwind News' }));
    const sites = await screen.findByRole('table', { name: 'Sites of Northwind News' });
    expect(within(sites).getByText('daily.northwind.example')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New partner' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Sign in as/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add site' })).not.toBeInTheDocument();
    expect(within(sites).getByRole('switch', { name: 'Northwind Daily active' })).toBeDisabled();
  });
});
