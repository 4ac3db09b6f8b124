import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../lib/api';
import type { ApiClient } from '../../lib/api-client';
import { setChosenPublisherId } from '../../lib/chosen-publisher';
import { renderWithProviders } from '../../../test/render-with-providers';
import { revenueAtRiskSample } from '../../../test/revenue-at-risk.fixture';
import { RiskBreakdown } from './components/risk-breakdown';
import { RevenueAtRiskPage } from './routes/revenue-at-risk-page';

const risk = revenueAtRiskSample;

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
