import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActivationResult, ServiceDetail } from '@pc/contracts';
import { configureApi } from '../../../lib/api';
import type { ApiClient } from '../../../lib/api-client';
import { setChosenPublisherId } from '../../../lib/chosen-publisher';
import { clearToasts, getToasts } from '../../../lib/toast';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { ActivationPage } from './activation-page';

vi.mock('../../../lib/tracking/track', () => ({ track: vi.fn() }));

const site = (n: number): ServiceDetail['sites'][number] => ({
  siteId: `500${n}`,
  siteName: `Site ${n}`,
  domain: `site-${n}.example`,
  isSiteActivated: false,
  isOnboardedOnDMoc: false,
  product: { status: 'NOT_ACTIVATED', eventTrackerDataReceived: false },
  atLeastOneSitetagOnboarding: false,
  planStatus: 'Non-Onboarded',
  service: { siteId: `500${n}`, status: 'NOT_ACTIVATED', requestedAt: null, activatedAt: null },
});

function renderActivation() {
  const detail = { service: {}, sites: [site(1), site(2)], dataIntegrations: [] } as unknown as ServiceDetail;
  configureApi(
    vi.fn(async (_path: string, o?: { method?: string; body?: { siteIds: string[] } }) =>
      o?.method === 'POST' ? ({ activated: [], pending: o.body!.siteIds, alreadyActive: [], tag: [] } satisfies ActivationResult) : detail,
    ) as unknown as ApiClient,
  );
  setChosenPublisherId('1001');
  renderWithProviders(<ActivationPage />, {
    url: '/services/blocking/activation',
    path: '/services/:id/activation',
    signedInAs: { type: 'external_single', publisherId: '1001' },
  });
}

const messages = () => getToasts().map((t) => t.message);

afterEach(() => {
  clearToasts();
  localStorage.clear();
});

describe('activation toast', () => {
  it("counts one site as '1 site' and two as '2 sites', never 'site(s)'", async () => {
    renderActivation();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Site 1 (site-1.example)' }));
    fireEvent.click(screen.getByRole('button', { name: /^Activate / }));
    await waitFor(() => expect(messages().some((m) => m.endsWith('activation started for 1 site.'))).toBe(true));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Site 1 (site-1.example)' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Site 2 (site-2.example)' }));
    fireEvent.click(screen.getByRole('button', { name: /^Activate / }));
    await waitFor(() => expect(messages().some((m) => m.endsWith('activation started for 2 sites.'))).toBe(true));
    expect(messages().join(' ')).not.toContain('(s)');
  });
});
