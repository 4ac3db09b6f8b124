import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SetupChecklist, SetupStep } from '@pc/contracts';
import { configureApi } from '../../../lib/api';
import type { ApiClient } from '../../../lib/api-client';
import { ApiRequestError } from '../../../lib/api-error';
import { setChosenPublisherId } from '../../../lib/chosen-publisher';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { SetupPage } from './setup-page';

const step = (id: SetupStep['id'], title: string, done: boolean, link: SetupStep['link']): SetupStep => ({
  id,
  title,
  done,
  detail: `${title}: ${done ? 'done' : 'left to do'}`,
  link,
});

const CHECKLIST: SetupChecklist = {
  account: [
    step('payment-settings', 'Payment settings', true, { label: 'Open payment settings', href: '/payments', external: false }),
    step('teammate', 'Invite a teammate', false, { label: 'Read the guide', href: 'https://help.example/invite', external: true }),
  ],
  sites: [
    {
      siteId: '5001',
      siteName: 'Northwind News',
      domain: 'northwind.example',
      steps: [step('site-tag', 'Install the site tag', false, { label: 'Install the tag', href: '/site-tag', external: false })],
      done: 0,
      total: 1,
    },
  ],
  done: 1,
  total: 3,
  complete: false,
};

/** The API answers every call with `answer` (thrown when an Error); returns the client to count calls. */
function renderSetup(...answers: unknown[]) {
  let i = 0;
  const client = vi.fn(async () => {
    const r = answers[Math.min(i++, answers.length - 1)];
    if (r instanceof Error) throw r;
    return r;
  });
  configureApi(client as unknown as ApiClient);
  setChosenPublisherId('1001');
  renderWithProviders(<SetupPage />, { signedInAs: { type: 'external_single', publisherId: '1001' } });
  return client;
}

afterEach(() => localStorage.clear());

describe('SetupPage', () => {
  it('shows the progress, each step done or not in words, and where to take it', async () => {
    const api = renderSetup(CHECKLIST);
    expect(await screen.findByTestId('setup-progress-text')).toHaveTextContent('1 of 3 steps done');
    expect(screen.getByText('2 steps left.')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Setup progress: 33%' })).toBeInTheDocument();
    expect(api).toHaveBeenCalledWith('/api/setup', expect.anything());

    const account = screen.getByRole('region', { name: 'Your account' });
    const payment = within(account).getByText('Payment settings').closest('li')!;
    expect(payment).toHaveTextContent('Done');
    expect(within(payment).getByRole('link', { name: 'Open payment settings' })).toHaveAttribute('href', '/payments');
    const invite = within(account).getByText('Invite a teammate').closest('li')!;
    expect(invite).toHaveTextContent('To do');
    // An outside guide opens in a new tab, without giving it this page.
    const guide = within(invite).getByRole('link', { name: 'Read the guide' });
    expect(guide).toHaveAttribute('target', '_blank');
    expect(guide).toHaveAttribute('rel', 'noopener noreferrer');

    const site = screen.getByRole('region', { name: 'Setup of Northwind News' });
    expect(site).toHaveTextContent('northwind.example');
    expect(site).toHaveTextContent('0 of 1');
    expect(within(site).getByRole('link', { name: 'Install the tag' })).toHaveAttribute('href', '/site-tag');
  });

  it('says when everything is set up', async () => {
    renderSetup({ ...CHECKLIST, done: 3, complete: true });
    expect(await screen.findByText('Everything is set up. Well done.')).toBeInTheDocument();
    expect(screen.queryByText(/steps? left/)).toBeNull();
  });

  it('says the site steps come once a site is added, when the publisher has no active site', async () => {
    renderSetup({ ...CHECKLIST, sites: [], total: 2 });
    expect(await screen.findByText('No active sites')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^Setup of / })).toBeNull();
    expect(screen.getByText('1 step left.')).toBeInTheDocument();
  });

  it('shows why the checklist did not load, and Retry loads it', async () => {
    const api = renderSetup(new ApiRequestError('Service unavailable', 503), CHECKLIST);
    const alert = await screen.findByRole('alert', { name: 'The setup checklist could not be loaded' });
    expect(alert).toHaveTextContent('Service unavailable');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('setup-progress-text')).toHaveTextContent('1 of 3 steps done');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(api.mock.calls.length).toBeGreaterThanOrEqual(2);
  });
});
