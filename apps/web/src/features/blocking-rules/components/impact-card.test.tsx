import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { ImpactPreview } from '@pc/contracts';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ImpactCard } from './impact-card';

const preview = (over: Partial<ImpactPreview>): ImpactPreview => ({
  priced: true,
  currency: 'USD',
  dateFrom: '2026-10-22',
  dateTo: '2026-11-20',
  totalRevenue: 100,
  removedRevenue: 60,
  revenueShare: 0.6,
  totalImpressions: 10000,
  removedImpressions: 6000,
  impressionShare: 0.6,
  sites: [{ siteId: '5001', siteName: 'Northwind News', removedRevenue: 60, removedImpressions: 6000, revenueShare: 0.705 }],
  warnings: [],
  ...over,
});

describe('ImpactCard', () => {
  it('shows what the rule would have removed, per site, and every warning as an alert', () => {
    renderWithProviders(<ImpactCard preview={preview({ warnings: ['This rule would remove more than half of your revenue.'] })} />);
    expect(screen.getByText(/2026-10-22 to 2026-11-20/)).toBeInTheDocument();
    expect(screen.getByTestId('impact-revenue')).toHaveTextContent('$60.00 (60.0%)');
    expect(screen.getByText('6,000 (60.0%)')).toBeInTheDocument();
    const site = screen.getByRole('row', { name: /Northwind News/ });
    expect(site).toHaveTextContent('$60.00');
    expect(site).toHaveTextContent('70.5%');
    expect(screen.getByRole('alert')).toHaveTextContent('more than half');
  });

  it('says a value type the reports do not record cannot be priced, without inventing figures', () => {
    renderWithProviders(<ImpactCard preview={preview({ priced: false, removedRevenue: 0, sites: [] })} />);
    expect(screen.getByText(/cannot be priced/)).toHaveTextContent('$100.00');
    expect(screen.queryByTestId('impact-revenue')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
