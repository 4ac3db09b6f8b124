import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Link } from 'react-router';
import type { Company, PublisherDetails } from '@pc/contracts';
import { configureApi } from '../../lib/api';
import type { ApiClient } from '../../lib/api-client';
import { ApiRequestError } from '../../lib/api-error';
import { setChosenPublisherId } from '../../lib/chosen-publisher';
import { renderWithProviders } from '../../../test/render-with-providers';
import { AccountSettingsPage } from './account-settings-page';

vi.mock('../../lib/tracking/track', () => ({ track: vi.fn() }));

const COMPANY = {
  name: 'Blue Harbor Media GmbH',
  website: 'https://blueharbor.example',
  address: 'Hafenstraße 1',
  city: 'Hamburg',
  country: 'DE',
  zip_code: '20457',
  registration_number: 'HRB 12345',
  type: 'GmbH',
  vat_registration_office: 'Hamburg',
  email: 'jonas@blueharbor.example',
  first_name: 'Jonas',
  last_name: 'Keller',
  phone: '+49 40 1234567',
} as Company;
const DETAILS = {
  id: '1002',
  name: 'Blue Harbor Media',
  currency: 'EUR',
  has_direct: false,
  appnexus_id: { marketplace: '11002', direct: null },
  sites: [],
  company: COMPANY,
} as PublisherDetails;

type Call = { method?: string; body?: unknown; publisherId?: string };
function renderPage(answer: (path: string, o?: Call) => unknown, onLocation?: (pathname: string) => void) {
  const client = vi.fn(async (path: string, o?: Call) => {
    const r = answer(path, o);
    if (r instanceof Error) throw r;
    return r;
  });
  configureApi(client as unknown as ApiClient);
  renderWithProviders(
    <>
      <Link to="/reports">Reports</Link>
      <AccountSettingsPage />
    </>,
    { url: '/account-settings', signedInAs: { type: 'external_single', publisherId: '1002' }, onLocation },
  );
  return client;
}

describe('account settings', () => {
  beforeEach(() => setChosenPublisherId('1002'));
  afterEach(() => vi.clearAllMocks());

  it("shows the chosen publisher's company, saves an edit for that publisher and makes it the new baseline", async () => {
    const client = renderPage((path, o) =>
      o?.method === 'PUT' ? { ...DETAILS, company: { ...COMPANY, ...(o.body as object) } } : DETAILS,
    );
    const name = await screen.findByLabelText('Company name');
    expect(name).toHaveValue('Blue Harbor Media GmbH');
    expect(screen.getByLabelText('Contact last name')).toHaveValue('Keller');
    const save = screen.getByRole('button', { name: 'Save company details' });
    expect(save).toBeDisabled();

    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Bremen' } });
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    await waitFor(() =>
      expect(client).toHaveBeenCalledWith(
        '/api/publisher-details/company',
        expect.objectContaining({ method: 'PUT', publisherId: '1002' }),
      ),
    );
    const put = client.mock.calls.find(([, o]) => o?.method === 'PUT')![1]!;
    expect(put.body).toMatchObject({ ...COMPANY, city: 'Bremen' });
    await waitFor(() => expect(save).toBeDisabled());
    expect(screen.getByLabelText('City')).toHaveValue('Bremen');
  });

  it('Discard changes puts back the saved values without a request', async () => {
    const client = renderPage(() => DETAILS);
    const city = await screen.findByLabelText('City');
    fireEvent.change(city, { target: { value: 'Bremen' } });
    const discard = screen.getByRole('button', { name: 'Discard changes' });
    await waitFor(() => expect(discard).toBeEnabled());
    fireEvent.click(discard);
    await waitFor(() => expect(city).toHaveValue('Hamburg'));
    expect(client.mock.calls.some(([, o]) => o?.method === 'PUT')).toBe(false);
  });

  it('a missing company name is refused before sending, a server field error lands on its field', async () => {
    const client = renderPage((_path, o) =>
      o?.method === 'PUT'
        ? new ApiRequestError('Check the highlighted fields.', 400, undefined, { registration_number: 'Too long.' })
        : DETAILS,
    );
    const name = await screen.findByLabelText('Company name');
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save company details' }));
    expect(await screen.findByText('Company name is required!')).toBeInTheDocument();
    expect(client.mock.calls.some(([, o]) => o?.method === 'PUT')).toBe(false);

    fireEvent.change(name, { target: { value: 'Blue Harbor Media AG' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save company details' }));
    expect(await screen.findByText('Too long.')).toBeInTheDocument();
    expect(name).toHaveValue('Blue Harbor Media AG');
  });

  it('says when the details could not be loaded, and tries again', async () => {
    let fail = true;
    renderPage(() => (fail ? new ApiRequestError('The service is unavailable.', 503) : DETAILS));
    expect(await screen.findByText('The company details could not be loaded')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByLabelText('Company name')).toHaveValue('Blue Harbor Media GmbH');
  });

  it('shows the country chosen from the ISO list, and takes a bare domain as an https website', async () => {
    const client = renderPage((path, o) =>
      o?.method === 'PUT' ? { ...DETAILS, company: { ...COMPANY, ...(o.body as object) } } : DETAILS,
    );
    expect(await screen.findByPlaceholderText('Choose a country')).toHaveValue('Germany');
    fireEvent.change(screen.getByLabelText(/^Website/), { target: { value: 'blueharbor-media.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save company details' }));
    await waitFor(() => expect(client.mock.calls.some(([, o]) => o?.method === 'PUT')).toBe(true));
    const put = client.mock.calls.find(([, o]) => o?.method === 'PUT')![1]!;
    expect(put.body).toMatchObject({ website: 'https://blueharbor-media.example', country: 'DE' });
  });

  it('refuses a website that is not an address before sending', async () => {
    const client = renderPage(() => DETAILS);
    fireEvent.change(await screen.findByLabelText(/^Website/), { target: { value: 'not a website' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save company details' }));
    expect(await screen.findByText('Enter the website as an address, e.g. https://example.com.')).toBeInTheDocument();
    expect(client.mock.calls.some(([, o]) => o?.method === 'PUT')).toBe(false);
  });

  it('asks before leaving with unsaved changes; staying keeps them, leaving goes on', async () => {
    const locations: string[] = [];
    renderPage(
      () => DETAILS,
      (p) => locations.push(p),
    );
    const city = await screen.findByLabelText('City');
    fireEvent.change(city, { target: { value: 'Bremen' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Discard changes' })).toBeEnabled());

    fireEvent.click(screen.getByRole('link', { name: 'Reports' }));
    expect(await screen.findByText('Leave without saving?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Leave without saving?')).not.toBeInTheDocument());
    expect(locations.at(-1)).toBe('/account-settings');
    expect(city).toHaveValue('Bremen');

    fireEvent.click(screen.getByRole('link', { name: 'Reports' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave and discard changes' }));
    await waitFor(() => expect(locations.at(-1)).toBe('/reports'));
  });

  it('leaves without asking when nothing changed', async () => {
    const locations: string[] = [];
    renderPage(
      () => DETAILS,
      (p) => locations.push(p),
    );
    await screen.findByLabelText('City');
    fireEvent.click(screen.getByRole('link', { name: 'Reports' }));
    await waitFor(() => expect(locations.at(-1)).toBe('/reports'));
    expect(screen.queryByText('Leave without saving?')).not.toBeInTheDocument();
  });
});
