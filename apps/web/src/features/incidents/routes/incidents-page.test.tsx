import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TrackingEvents, type Incident, type PublisherDetails } from '@pc/contracts';
import { configureApi } from '../../../lib/api';
import type { ApiClient } from '../../../lib/api-client';
import { ApiRequestError } from '../../../lib/api-error';
import { setChosenPublisherId } from '../../../lib/chosen-publisher';
import { track } from '../../../lib/tracking/track';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { IncidentsPage } from './incidents-page';

vi.mock('../../../lib/tracking/track', () => ({ track: vi.fn() }));

const incident = (over: Partial<Incident>): Incident => ({
  id: 'i1',
  publisherId: '1001',
  siteId: '5001',
  siteName: 'Northwind News',
  scopeLabel: 'Northwind News',
  status: 'open',
  type: 'downtime',
  severity: 'high',
  category: 'Availability',
  title: 'Site down',
  new: false,
  lastOccurrence: 1_764_000_000,
  firstOccurrence: 1_763_000_000,
  occurrences: 2,
  acknowledgedBy: null,
  acknowledgedAt: null,
  resolvedBy: null,
  resolvedAt: null,
  ...over,
});

const DETAILS = {
  id: '1001',
  name: 'Northwind News',
  sites: [
    { id: '5001', name: 'Northwind News' },
    { id: '5002', name: 'Northwind Sport' },
  ],
} as unknown as PublisherDetails;

type Query = Record<string, string | undefined>;

/** The API: the incident list from `list` (thrown when an Error), the publisher's sites, no export entitlement. */
function renderIncidents(list: (query: Query) => Incident[] | Error, url = '/incidents') {
  const client = vi.fn(async (path: string, options?: { query?: Query }) => {
    if (path === '/api/publisher-details') return DETAILS;
    if (path === '/api/incidents/entitlements') return [];
    if (path === '/api/incidents') {
      const r = list(options?.query ?? {});
      if (r instanceof Error) throw r;
      return r;
    }
    throw new Error(`unexpected ${path}`);
  });
  configureApi(client as unknown as ApiClient);
  setChosenPublisherId('1001');
  renderWithProviders(<IncidentsPage />, { url, signedInAs: { type: 'external_single', publisherId: '1001' } });
  /** The filters of every list request, in order. */
  return () => client.mock.calls.filter(([p]) => p === '/api/incidents').map(([, o]) => o?.query ?? {});
}

afterEach(() => {
  localStorage.clear();
  vi.mocked(track).mockClear();
});

describe('IncidentsPage', () => {
  it('lists the incidents with their site, type and status, and records the page view', async () => {
    renderIncidents(() => [incident({}), incident({ id: 'i2', title: 'Ads.txt lines missing', type: 'adstxt', status: 'acknowledged' })]);
    const rows = await screen.findAllByTestId('incident-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Site down');
    expect(rows[0]).toHaveTextContent('Northwind News');
    expect(rows[1]).toHaveTextContent('Ads.txt lines missing');
    expect(rows[1]).toHaveTextContent('Acknowledged');
    expect(track).toHaveBeenCalledWith(TrackingEvents.incidentsView, { publisher_id: '1001' });
  });

  it('says nothing went wrong when the publisher has no incident at all', async () => {
    renderIncidents(() => []);
    expect(await screen.findByText('No incidents')).toBeInTheDocument();
    expect(screen.queryByTestId('incident-row')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('takes its filters from the address and, when none match, says to clear them; Clear filters lists everything again', async () => {
    const requests = renderIncidents((q) => (q.status === 'resolved' ? [] : [incident({})]), '/incidents?status=resolved&type=downtime');
    expect(await screen.findByText('No incident matches these filters. Clear them to see every incident.')).toBeInTheDocument();
    expect(requests()[0]).toEqual({ status: 'resolved', type: 'downtime' });
    expect(screen.queryByText('No incidents')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findAllByTestId('incident-row')).toHaveLength(1);
    expect(requests().at(-1)).toEqual({});
  });

  it('drops only a filter whose value it does not know, keeping the others from the address', async () => {
    const requests = renderIncidents(() => [incident({})], '/incidents?status=resolved&type=no-such-type&severity=critical');
    await screen.findAllByTestId('incident-row');
    expect(requests()[0]).toEqual({ status: 'resolved', severity: 'critical' });
  });

  it('asks the server for the incidents of the chosen status', async () => {
    const requests = renderIncidents((q) => (q.status === 'open' ? [incident({ title: 'Still down' })] : [incident({})]));
    await screen.findAllByTestId('incident-row');
    const filters = screen.getByRole('group', { name: 'Incident filters' });
    const status = within(filters).getByLabelText('Status');
    fireEvent.click(status);
    // jsdom runs no CSS transition, so the opened list stays display: none (hidden to queries).
    fireEvent.click(await screen.findByRole('option', { name: 'Open', hidden: true }));
    await waitFor(() => expect(requests().at(-1)).toEqual({ status: 'open' }));
    expect(await screen.findByText('Still down')).toBeInTheDocument();
  });

  it('shows why the list did not load, and Try again loads it', async () => {
    let fail = true;
    renderIncidents(() => (fail ? new ApiRequestError('The incident store is down', 503) : [incident({})]));
    const alert = await screen.findByRole('alert', { name: 'The incidents could not be loaded' });
    expect(alert).toHaveTextContent('The incident store is down');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('incident-row')).toHaveLength(1);
    expect(screen.queryByRole('alert', { name: 'The incidents could not be loaded' })).toBeNull();
  });
});
