import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyPlan, Plan } from '@pc/contracts';
import { configureApi } from '../../../lib/api';
import type { ApiClient } from '../../../lib/api-client';
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
