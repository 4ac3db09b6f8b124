import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyPlan, Plan, PlanChangeRequest } from '@pc/contracts';
import { configureApi } from '../../../lib/api';
import type { ApiClient } from '../../../lib/api-client';
import { ApiRequestError } from '../../../lib/api-error';
import { setChosenPublisherId } from '../../../lib/chosen-publisher';
import { clearToasts } from '../../../lib/toast';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { PlansPage } from './plans-page';

const plan = (id: string, name: string): Plan => ({ id, name, summary: `${name} summary`, features: [] });
const STARTER = plan('starter', 'Starter');
const ENTERPRISE = plan('enterprise', 'Enterprise');
const mine: MyPlan = { plan: STARTER, chosen: false, since: null, sites: [], usage: [], pendingRequest: null };

function renderPlans() {
  const client = vi.fn(async (path: string, options?: { method?: string }) => {
    if (options?.method === 'POST') return {};
    if (path === '/api/plans') return [STARTER, ENTERPRISE];
    return mine;
  });
  configureApi(client as unknown as ApiClient);
  setChosenPublisherId('1001');
  renderWithProviders(<PlansPage />, { signedInAs: { type: 'external_single', publisherId: '1001' } });
  return () => client.mock.calls.filter(([, o]) => o?.method === 'POST');
}

afterEach(() => {
  clearToasts();
  localStorage.clear();
});

describe('plan change requests', () => {
  it('ask for confirmation before sending; Cancel sends nothing', async () => {
    const posts = renderPlans();
    fireEvent.click(await screen.findByRole('button', { name: 'Request Enterprise' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request the Enterprise plan?' });
    expect(dialog).toHaveTextContent('Our team is asked to move you from Starter to Enterprise.');
    expect(posts()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 5_000 });
    expect(posts()).toHaveLength(0);
  });

  it('sends the request once confirmed', async () => {
    const posts = renderPlans();
    fireEvent.click(await screen.findByRole('button', { name: 'Request Enterprise' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request the Enterprise plan?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toEqual(['/api/my-plans/requests', expect.objectContaining({ body: { planId: 'enterprise', message: '' } })]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 5_000 });
  });
});

describe('the plans compared', () => {
  const feature = (key: string, description: string, value: Plan['features'][number]['value']): Plan['features'][number] => ({
    key,
    shape: typeof value === 'boolean' ? 'BOOLEAN' : 'LIMIT',
    description,
    value,
  });
  const STARTER_FULL: Plan = { ...STARTER, features: [feature('uptime.max_monitors', 'Uptime monitors', 3)] };
  const ENTERPRISE_FULL: Plan = {
    ...ENTERPRISE,
    features: [feature('uptime.max_monitors', 'Uptime monitors', 50), feature('integrations.webhooks', 'Webhooks', true)],
  };
  const GROWTH: Plan = { ...plan('growth', 'Growth'), features: [feature('integrations.webhooks', 'Webhooks', false)] };

  function renderCompared(plans: Plan[] | Error, my: MyPlan = mine) {
    configureApi(
      vi.fn(async (path: string) => {
        if (path !== '/api/plans') return my;
        if (plans instanceof Error) throw plans;
        return plans;
      }) as unknown as ApiClient,
    );
    setChosenPublisherId('1001');
    renderWithProviders(<PlansPage />, { signedInAs: { type: 'external_single', publisherId: '1001' } });
  }
  const cells = (row: HTMLElement) =>
    within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);

  it("shows each feature's value per plan, a dash where a plan leaves it out, and marks the publisher's plan", async () => {
    renderCompared([STARTER_FULL, GROWTH, ENTERPRISE_FULL]);
    const table = await screen.findByRole('table', { name: 'Plans compared' });
    expect(within(table).getByRole('columnheader', { name: /^Starter Your plan/ })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: /^Enterprise/ })).not.toHaveTextContent('Your plan');
    const [, monitors, webhooks, actions] = within(table).getAllByRole('row');
    expect(cells(monitors!)).toEqual(['Uptime monitors', '3', '—', '50']);
    expect(cells(webhooks!)).toEqual(['Webhooks', '—', 'Not included', 'Included']);
    expect(within(actions!).getByText('Current plan')).toBeInTheDocument();
    expect(within(actions!).getByRole('button', { name: 'Request Growth' })).toBeEnabled();
  });

  it('shows the plan already asked for as requested, and offers no other request meanwhile', async () => {
    const pendingRequest: PlanChangeRequest = {
      id: 'r1',
      publisherId: '1001',
      publisherName: 'Northwind News',
      planId: 'enterprise',
      planName: 'Enterprise',
      status: 'pending',
      message: '',
      requestedBy: 'user@example.test',
      requestedAt: '2026-11-20T10:00:00Z',
      decidedAt: null,
      decisionReason: '',
    };
    renderCompared([STARTER_FULL, GROWTH, ENTERPRISE_FULL], { ...mine, pendingRequest });
    expect(await screen.findByText('Requested')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request Enterprise' })).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Request Growth' })).toBeDisabled());
  });

  it('shows why the plans did not load', async () => {
    renderCompared(new ApiRequestError('Catalogue unavailable', 503));
    const alert = await screen.findByRole('alert', { name: 'The plans could not be loaded' });
    expect(alert).toHaveTextContent('Catalogue unavailable');
    expect(screen.queryByRole('table', { name: 'Plans compared' })).toBeNull();
  });
});
