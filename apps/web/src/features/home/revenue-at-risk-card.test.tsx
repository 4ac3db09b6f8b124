import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../lib/api';
import type { ApiClient } from '../../lib/api-client';
import { renderWithProviders } from '../../../test/render-with-providers';
import { revenueAtRiskSample } from '../../../test/revenue-at-risk.fixture';
import { RevenueAtRiskCard } from './revenue-at-risk-card';

const risk = revenueAtRiskSample;

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
