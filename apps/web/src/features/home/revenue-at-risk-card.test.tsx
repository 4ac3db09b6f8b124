import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RevenueAtRisk } from '@pc/contracts';
import { configureApi } from '../../lib/api';
import type { ApiClient } from '../../lib/api-client';
import { renderWithProviders } from '../../test/render-with-providers';
import { RevenueAtRiskCard } from './revenue-at-risk-card';

const risk: RevenueAtRisk = {
  currency: 'USD',
  period: { from: '2026-10-31', to: '2026-11-27', days: 28 },
  totals: { amountPerDay: 102.5, byKind: { adstxt: 100, downtime: 2.5, pageSpeed: 0, blocking: 0 } },
  sites: [
    {
      siteId: '5002',
      siteName: 'Northwind Sport',
      amountPerDay: 102.5,
      causes: [
        {
          kind: 'adstxt',
          status: 'priced',
          amountPerDay: 100,
          formula: 'revenue of Display, Native, Video ÷ days',
          inputs: [
            { label: 'Programmatic revenue in the period', value: 2800, unit: 'money' },
            { label: 'Days', value: 28, unit: 'days' },
          ],
          note: 'The file was not found: every required line is missing.',
          fixes: [{ label: 'Missing lines of sport.example', href: '/partners/adstxt?domain=d5002' }],
        },
        {
          kind: 'downtime',
          status: 'priced',
          amountPerDay: 2.5,
          formula: 'Σ minutes down × revenue per minute of that weekday ÷ days',
          inputs: [{ label: 'Minutes down', value: 70, unit: 'minutes' }],
          note: null,
          fixes: [{ label: 'Monitor Sport home', href: '/uptime-monitoring/m1' }],
        },
        {
          kind: 'pageSpeed',
          status: 'tooLittleData',
          amountPerDay: null,
          formula: '(page RPM on good days − page RPM on slow days) ÷ 1,000 × slow days’ page views ÷ days',
          inputs: [],
          note: 'The site tag has measured no page speed on this site.',
          fixes: [],
        },
        {
          kind: 'blocking',
          status: 'none',
          amountPerDay: null,
          formula: 'revenue the active rules removed ÷ days',
          inputs: [],
          note: 'No active rule applies to this site.',
          fixes: [],
        },
      ],
    },
  ],
};

describe('home revenue at risk card', () => {
  afterEach(() => vi.clearAllMocks());

  it('home card: the total per day, the top sites and a link to the breakdown', async () => {
    configureApi(vi.fn(async () => risk) as unknown as ApiClient);
    renderWithProviders(<RevenueAtRiskCard publisherId="1001" />);
    expect(await screen.findByTestId('home-revenue-at-risk')).toHaveTextContent('$102.50');
    expect(screen.getByTestId('home-risk-site-5002')).toHaveTextContent('Northwind Sport$102.50');
    expect(screen.getByRole('link', { name: 'See the breakdown' })).toHaveAttribute('href', '/revenue-at-risk');
  });

  it('home card: a failed load says so with Retry, and Retry reads again', async () => {
    const fetcher = vi.fn().mockRejectedValueOnce(new Error('Network down')).mockResolvedValue(risk);
    configureApi(fetcher as unknown as ApiClient);
    renderWithProviders(<RevenueAtRiskCard publisherId="1001" />);
    const alert = await screen.findByRole('alert', { name: 'Revenue at risk could not be loaded' });
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('home-revenue-at-risk')).toHaveTextContent('$102.50');
  });
});
