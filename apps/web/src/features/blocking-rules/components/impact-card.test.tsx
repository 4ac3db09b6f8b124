import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ImpactPreview } from '@pc/contracts';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { ImpactCard } from './impact-card';

const preview = (over: Partial<ImpactPreview>): ImpactPreview => ({
  priced: true,
  reason: null,
  coverage: 1,
  currency: 'USD',
  dateFrom: '2026-10-22',
  dateTo: '2026-11-20',
  totalRevenue: 100,
  removedRevenue: 60,
  revenueShare: 0.6,
  totalImpressions: 10000,
  removedImpressions: 6000,
  impressionShare: 0.6,
  sites: [{ siteId: '5001', siteName: 'Northwind News', removedRevenue: 60, removedImpressions: 6000, revenueShare: 0.705, coverage: 1 }],
  warnings: [],
  ...over,
});

describe('ImpactCard', () => {
  it('shows what the rule would have removed, per site, and every warning as an alert', () => {
    renderWithProviders(
      <ImpactCard type="brand" preview={preview({ warnings: ['This rule would remove more than half of your revenue.'] })} />,
    );
    expect(screen.getByText(/Oct 22, 2026 to Nov 20, 2026/)).toBeInTheDocument();
    expect(screen.getByTestId('impact-revenue')).toHaveTextContent('$60.00 (60.00%)');
    expect(screen.getByText('6,000 (60.00%)')).toBeInTheDocument();
    const site = screen.getByRole('row', { name: /Northwind News/ });
    expect(site).toHaveTextContent('$60.00');
    expect(site).toHaveTextContent('70.50%');
    expect(screen.getByRole('alert')).toHaveTextContent('more than half');
    // Brands are always recorded: no coverage line or column.
    expect(screen.queryByTestId('impact-coverage')).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: /Revenue with/ })).not.toBeInTheDocument();
  });

  it('says what share of the revenue recorded an advertiser domain, overall and per site', () => {
    renderWithProviders(
      <ImpactCard
        type="advertiser_domain"
        preview={preview({
          coverage: 0.85,
          removedRevenue: 25,
          revenueShare: 0.25,
          sites: [
            { siteId: '5001', siteName: 'Northwind News', removedRevenue: 25, removedImpressions: 2500, revenueShare: 0.294, coverage: 1 },
            { siteId: '5002', siteName: 'Northwind Sport', removedRevenue: 0, removedImpressions: 0, revenueShare: 0, coverage: 0 },
          ],
        })}
      />,
    );
    expect(screen.getByTestId('impact-revenue')).toHaveTextContent('$25.00 (25.00%)');
    expect(screen.getByTestId('impact-coverage')).toHaveTextContent(
      '85.00% of the net revenue on these sites recorded an advertiser domain. Sales without it are not counted as removed',
    );
    expect(screen.getByRole('columnheader', { name: 'Revenue with an advertiser domain' })).toBeInTheDocument();
    const cells = (name: RegExp) =>
      within(screen.getByRole('row', { name }))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(/Northwind News/)).toEqual(['Northwind News', '$25.00', '2,500', '29.40%', '100.00%']);
    expect(cells(/Northwind Sport/)).toEqual(['Northwind Sport', '$0.00', '0', '0.00%', '0.00%']);
  });

  it('says why a rule cannot be priced, without inventing figures', () => {
    const reason = 'Keyword rules match words on your pages, and the reports do not record page content, so their impact cannot be priced.';
    renderWithProviders(
      <ImpactCard type="keyword" preview={preview({ priced: false, reason, coverage: null, removedRevenue: 0, sites: [] })} />,
    );
    expect(screen.getByText(/do not record page content/)).toHaveTextContent(`${reason} Net revenue in the period: $100.00.`);
    expect(screen.queryByTestId('impact-revenue')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
