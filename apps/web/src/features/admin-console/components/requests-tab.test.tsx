import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlanChangeRequest, ServiceRequest } from '@pc/contracts';
import { configureApi } from '../../../lib/api';
import type { ApiClient } from '../../../lib/api-client';
import { ApiRequestError } from '../../../lib/api-error';
import { clearToasts } from '../../../lib/toast';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { RequestsTab } from './requests-tab';

const PLAN_REQUEST: PlanChangeRequest = {
  id: 'p1',
  publisherId: '1002',
  publisherName: 'Blue Harbor',
  planId: 'enterprise',
  planName: 'Enterprise',
  status: 'pending',
  message: 'We add three sites in January.',
  requestedBy: 'owner@blueharbor.example',
  requestedAt: '2026-11-20T10:00:00.000Z',
  decidedAt: null,
  decisionReason: '',
};

const DECIDED: ServiceRequest = {
  id: 's1',
  publisherId: '1001',
  publisherName: 'Northwind News',
  kind: 'product_demo',
  serviceId: 'audience',
  dataSource: '',
  message: '',
  requestedBy: '',
  createdAt: '2026-11-18T09:00:00.000Z',
  status: 'rejected',
  decisionReason: 'Already shown last week.',
  decidedBy: 'staff@example.test',
  decidedAt: '2026-11-19T09:00:00.000Z',
};

type Query = { status?: string };

/** Staff queues: `plans` and `services` answer their list (an Error is thrown); decisions answer {}. */
function renderRequests(plans: (q: Query) => PlanChangeRequest[] | Error, services: (q: Query) => ServiceRequest[]) {
  const client = vi.fn(async (path: string, options?: { method?: string; query?: Query }) => {
    if (options?.method === 'POST') return {};
    if (path === '/api/staff/plan-requests') {
      const r = plans(options?.query ?? {});
      if (r instanceof Error) throw r;
      return r;
    }
    if (path === '/api/staff/service-requests') return services(options?.query ?? {});
    throw new Error(`unexpected ${path}`);
  });
  configureApi(client as unknown as ApiClient);
  renderWithProviders(<RequestsTab />, { signedInAs: { type: 'internal', adminAccess: true } });
  return client;
}

afterEach(() => clearToasts());

describe('staff request queues', () => {
  it('lists what waits for a decision, and says when a queue has nothing', async () => {
    const client = renderRequests(
      () => [PLAN_REQUEST],
      () => [],
    );
    const plans = await screen.findByRole('table', { name: 'Plan changes' });
    const row = within(plans).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Blue Harbor');
    expect(row).toHaveTextContent('Enterprise');
    expect(row).toHaveTextContent('We add three sites in January.');
    expect(row).toHaveTextContent('owner@blueharbor.example');
    expect(row).toHaveTextContent('Waiting');
    expect(screen.getByText('Product demo and data-source requests from the Services pages wait here.')).toBeInTheDocument();
    // The queues ask for pending requests only until staff choose to see all.
    expect(client).toHaveBeenCalledWith('/api/staff/plan-requests', expect.objectContaining({ query: { status: 'pending' } }));
  });

  it('shows decided requests with their reason and no buttons once all are chosen', async () => {
    const client = renderRequests(
      () => [],
      (q) => (q.status === 'pending' ? [] : [DECIDED]),
    );
    await screen.findAllByText('Nothing to decide');
    fireEvent.click(screen.getByRole('radio', { name: 'All, with decisions' }));
    const services = await screen.findByRole('table', { name: 'Service requests' });
    const row = within(services).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Product demo of Audience');
    expect(row).toHaveTextContent('Unknown user');
    expect(row).toHaveTextContent('Rejected');
    expect(row).toHaveTextContent('Already shown last week.');
    expect(within(row).queryByRole('button')).toBeNull();
    expect(client).toHaveBeenCalledWith('/api/staff/service-requests', expect.objectContaining({ query: {} }));
  });

  it('needs a reason to reject, says so at the field, then sends the decision with it', async () => {
    const client = renderRequests(
      () => [PLAN_REQUEST],
      () => [],
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Reject Blue Harbor: move to Enterprise' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject request' }));
    const reason = within(dialog).getByLabelText(/^Reason/);
    await waitFor(() => expect(reason).toHaveAccessibleDescription(/Give a reason \(at least 3 characters\)/));
    expect(client.mock.calls.filter(([, o]) => o?.method === 'POST')).toHaveLength(0);

    fireEvent.change(reason, { target: { value: 'Enterprise needs a signed contract first.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject request' }));
    await waitFor(() =>
      expect(client).toHaveBeenCalledWith('/api/staff/plan-requests/p1/reject', {
        method: 'POST',
        publisherId: null,
        body: { reason: 'Enterprise needs a signed contract first.' },
        responseType: 'json',
      }),
    );
  });

  it('shows why a queue did not load, without hiding the other queue', async () => {
    renderRequests(
      () => new ApiRequestError('Queue unavailable', 503),
      () => [DECIDED],
    );
    const alert = await screen.findByRole('alert', { name: 'Plan changes could not be loaded' });
    expect(alert).toHaveTextContent('Queue unavailable');
    expect(screen.queryByRole('table', { name: 'Plan changes' })).toBeNull();
    expect(await screen.findByRole('table', { name: 'Service requests' })).toBeInTheDocument();
  });
});
