import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyPlan, PlanChangeRequest } from '@pc/contracts';
import { configureApi } from '../../../lib/api';
import type { ApiClient } from '../../../lib/api-client';
import { ApiRequestError } from '../../../lib/api-error';
import { setChosenPublisherId } from '../../../lib/chosen-publisher';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { MyPlansPage } from './my-plans-page';

const MINE: MyPlan = {
  plan: { id: 'starter', name: 'Starter', summary: 'For one site.', features: [] },
  chosen: true,
  since: '2026-01-01',
  sites: [
    { id: '5001', name: 'Northwind News', domain: 'northwind.example', planId: 'starter' },
    { id: '5002', name: 'Northwind Sport', domain: 'sport.example', planId: 'starter' },
  ],
  usage: [
    { key: 'monitors', label: 'Uptime monitors', used: 3, limit: 3 },
    { key: 'rules', label: 'Blocking rules', used: 4, limit: 10 },
    { key: 'retention', label: 'Report history (months)', used: null, limit: 13 },
  ],
  pendingRequest: null,
};

/** The API answers /api/my-plans with the next of `answers` (thrown when an Error), the last one repeating. */
function renderMyPlan(...answers: unknown[]) {
  let i = 0;
  const client = vi.fn(async (path: string) => {
    if (path !== '/api/my-plans') throw new Error(`unexpected ${path}`);
    const r = answers[Math.min(i++, answers.length - 1)];
    if (r instanceof Error) throw r;
    return r;
  });
  configureApi(client as unknown as ApiClient);
  setChosenPublisherId('1001');
  renderWithProviders(<MyPlansPage />, { signedInAs: { type: 'external_single', publisherId: '1001' } });
  return client;
}

const usageCard = (label: string) => screen.getByText(label).closest('[data-usage]') as HTMLElement;

afterEach(() => localStorage.clear());

describe('MyPlansPage', () => {
  it('shows the plan, each limit with what is used of it, and the plan of every site', async () => {
    renderMyPlan(MINE);
    expect(await screen.findByRole('heading', { name: 'Starter', level: 2 })).toBeInTheDocument();
    expect(screen.queryByText(/the plan every publisher starts on/)).toBeNull();

    expect(usageCard('Blocking rules')).toHaveTextContent('4 / 10');
    expect(within(usageCard('Blocking rules')).getByRole('progressbar', { name: 'Blocking rules: 4 of 10' })).toBeInTheDocument();
    expect(usageCard('Blocking rules')).not.toHaveTextContent('Limit reached');
    // A limit used up says how to get more.
    expect(usageCard('Uptime monitors')).toHaveTextContent('3 / 3');
    expect(usageCard('Uptime monitors')).toHaveTextContent('Limit reached: request a larger plan to add more.');
    // What the area does not count shows the limit alone, without a bar.
    expect(usageCard('Report history (months)')).toHaveTextContent('13');
    expect(within(usageCard('Report history (months)')).queryByRole('progressbar')).toBeNull();

    const sites = within(screen.getByRole('table', { name: 'Plan per site' }))
      .getAllByRole('row')
      .slice(1);
    expect(sites.map((r) => r.textContent)).toEqual(['Northwind News northwind.exampleStarter', 'Northwind Sport sport.exampleStarter']);
    expect(screen.getByRole('link', { name: 'Compare plans' })).toHaveAttribute('href', '/plans');
  });

  it('says when the plan is the default one, and which move is waiting for approval', async () => {
    const pending: PlanChangeRequest = {
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
    renderMyPlan({ ...MINE, chosen: false, pendingRequest: pending });
    expect(await screen.findByText(/For one site\. \(the plan every publisher starts on\)/)).toBeInTheDocument();
    expect(screen.getByText(/You asked to move to Enterprise; our team approves it shortly/)).toBeInTheDocument();
  });

  it('shows why the plan did not load, and Try again loads it', async () => {
    renderMyPlan(new ApiRequestError('Plans are unavailable', 503), MINE);
    const alert = await screen.findByRole('alert', { name: 'Your plan could not be loaded' });
    expect(alert).toHaveTextContent('Plans are unavailable');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Starter', level: 2 })).toBeInTheDocument();
  });
});
