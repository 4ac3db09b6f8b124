import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { HomeSummary } from '@pc/contracts';
import { RevenueKpis } from './revenue-kpis';
import { renderWithProviders } from '../../../test/render-with-providers';

const summary: HomeSummary = {
  currency: 'GBP',
  timeZone: 'Pacific/Auckland',
  today: '2026-11-22',
  yesterday: { date: '2026-11-21', revenue: 1234.5, eCpm: 1.648, impressions: 238898 },
  monthToDate: {
    from: '2026-11-01',
    to: '2026-11-21',
    revenue: 16506.96,
    eCpm: 1.665,
    previous: { from: '2026-10-01', to: '2026-10-21', revenue: 10726.96 },
    change: { kind: 'change', ratio: 0.5388 },
    changeRatio: 0.5388,
  },
  last30Days: [],
  estimatedFrom: '2026-11-19',
};

function renderKpis(data: HomeSummary | undefined, error?: Error) {
  renderWithProviders(<RevenueKpis data={data} error={error} isLoading={!data && !error} retry={vi.fn()} />);
}

describe('home revenue KPIs', () => {
  it('shows yesterday, month to date with its change, and eCPM, each linking into the report', () => {
    renderKpis(summary);
    const yesterday = screen.getByRole('link', { name: /Yesterday's revenue: £1,234.50/ });
    expect(yesterday).toHaveAttribute('href', '/partners/inventory-performance/revenue-summary?preset=yesterday&chart=revenue');
    const mtd = screen.getByRole('link', { name: /Month to date: £16,506.96/ });
    expect(mtd).toHaveAttribute('href', expect.stringContaining('preset=thisMonth'));
    expect(yesterday).toHaveTextContent('Days in Pacific/Auckland, the reporting time zone');
    expect(mtd).toHaveTextContent('+53.9%');
    expect(mtd).toHaveTextContent('vs £10,726.96 for Oct 1–Oct 21');
    expect(screen.getByRole('link', { name: /eCPM \(yesterday\): £1.65/ })).toHaveAttribute('href', expect.stringContaining('chart=eCpm'));
    // Yesterday is after the finalized date: its figures are labelled estimated.
    expect(screen.getAllByText('Estimated')).toHaveLength(3);
  });

  it('says why there is no percentage in the words of the report, as on the 1st (today only)', () => {
    renderKpis({
      ...summary,
      today: '2026-12-01',
      monthToDate: {
        ...summary.monthToDate,
        from: '2026-12-01',
        to: '2026-12-01',
        revenue: 0,
        previous: { from: '2026-11-01', to: '2026-11-01', revenue: 812.4 },
        change: { kind: 'partialDay' },
        changeRatio: null,
      },
    });
    const mtd = screen.getByRole('link', { name: /Month to date: £0.00/ });
    expect(mtd).toHaveTextContent('Includes a partial day, not compared');
    expect(mtd).not.toHaveTextContent('%');
    expect(mtd).toHaveTextContent('vs £812.40 for Nov 1–Nov 1');
  });

  it('does not label finalized figures as estimated', () => {
    renderKpis({ ...summary, estimatedFrom: null });
    expect(screen.queryByText('Estimated')).toBeNull();
  });

  it('shows an error with a retry', () => {
    renderKpis(undefined, new Error('Server unavailable'));
    expect(screen.getByRole('alert')).toHaveTextContent('Server unavailable');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
