import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { RevenueAtRisk } from '@pc/contracts';
import { configureApi } from '../../lib/api';
import type { ApiClient } from '../../lib/api-client';
import { setChosenPublisherId } from '../../lib/chosen-publisher';
import { renderWithProviders } from '../../test/render-with-providers';
import { RiskBreakdown } from './components/risk-breakdown';
import { RevenueAtRiskPage } from './routes/revenue-at-risk-page';

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

describe('revenue at risk breakdown', () => {
  it('breakdown: each cause with its amount, formula inputs, "too little data" and its fix link', () => {
    renderWithProviders(<RiskBreakdown data={risk} />);
    const adsTxt = screen.getByTestId('risk-5002-adstxt');
    expect(adsTxt).toHaveTextContent('$100.00');
    expect(adsTxt).toHaveTextContent('Programmatic revenue in the period: $2,800.00');
    expect(within(adsTxt).getByRole('link', { name: 'Missing lines of sport.example' })).toHaveAttribute(
      'href',
      '/partners/adstxt?domain=d5002',
    );
    expect(screen.getByTestId('risk-5002-downtime')).toHaveTextContent('Minutes down: 70 min');
    expect(within(screen.getByTestId('risk-5002-downtime')).getByRole('link')).toHaveAttribute('href', '/uptime-monitoring/m1');
    const speed = screen.getByTestId('risk-5002-pageSpeed');
    expect(speed).toHaveTextContent('Too little data');
    expect(speed).not.toHaveTextContent('$');
    expect(screen.getByTestId('risk-5002-blocking')).toHaveTextContent('Nothing at risk');
  });

  it('page: states the period, the total and each kind, or the load error with Try again', async () => {
    const client = vi.fn().mockRejectedValueOnce(new Error('Network down')).mockResolvedValue(risk);
    configureApi(client as unknown as ApiClient);
    setChosenPublisherId('1001');
    renderWithProviders(<RevenueAtRiskPage />, { signedInAs: { type: 'external_single', publisherId: '1001' } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Revenue at risk could not be loaded');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('risk-total')).toHaveTextContent('$102.50 per day at risk');
    expect(screen.getByText(/Priced over 28 complete days/)).toBeVisible();
    expect(screen.getByTestId('risk-by-kind')).toHaveTextContent(
      'ads.txt $100.00 · Downtime $2.50 · Page speed $0.00 · Blocking rules $0.00',
    );
  });
});
