import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ReportResult } from '@pc/contracts';
import { ReportResults, type ReportResultsProps } from './report-results';
import { renderWithProviders } from '../../../../test/render-with-providers';

const result: ReportResult = {
  columns: [
    { key: 'date', label: 'Date', kind: 'date' },
    { key: 'sites', label: 'Site', kind: 'text' },
    { key: 'size', label: 'Size', kind: 'text' },
    { key: 'impressions', label: 'Impressions', kind: 'count' },
    { key: 'revenue', label: 'Revenue', kind: 'money' },
    { key: 'eCpm', label: 'eCPM', kind: 'money' },
    { key: 'fillRate', label: 'Fill Rate', kind: 'ratio-percent' },
  ],
  rows: [
    {
      date: '2026-11-17',
      sites: 'Northwind News',
      size: '300x250',
      impressions: 1234567,
      revenue: 1234.5,
      eCpm: null,
      fillRate: null,
      estimated: false,
    },
    {
      date: '2026-11-19',
      sites: 'Northwind Sport',
      size: '728x90',
      impressions: 1000,
      revenue: 2.6,
      eCpm: null,
      fillRate: null,
      estimated: true,
    },
  ],
  totalRows: 812,
  totals: { impressions: 1235567, revenue: 1237.1, eCpm: null, fillRate: null },
  unavailableMetrics: {
    eCpm: 'Impression requests are recorded per site and product type only, so eCPM is not available by Size.',
    fillRate: 'Impression requests are recorded per site and product type only.',
  },
  estimatedFrom: '2026-11-19',
  currency: 'EUR',
  rowLimit: 500,
};

function baseProps(): ReportResultsProps {
  return { data: result, error: undefined, isLoading: false, isValidating: false, retry: vi.fn(), sort: null, onSort: vi.fn(), label: 'x' };
}

function renderResults(overrides: Partial<ReportResultsProps> = {}) {
  const props: ReportResultsProps = {
    data: result,
    error: undefined,
    isLoading: false,
    isValidating: false,
    retry: vi.fn(),
    sort: null,
    onSort: vi.fn(),
    label: 'Revenue Summary',
    ...overrides,
  };
  renderWithProviders(<ReportResults {...props} />);
  return props;
}

describe('report results', () => {
  it('keeps the table (and the focus in it) while a sorted or filtered query loads', () => {
    // SWR says isLoading for every new key even while the previous answer is kept.
    renderResults({ isLoading: true, isValidating: true });
    const sortButton = screen.getByRole('button', { name: /^Impressions/ });
    sortButton.focus();
    expect(sortButton).toHaveFocus();
    expect(screen.getByRole('table')).toBeInTheDocument();
  });

  it('shows the skeleton only before the first answer', () => {
    renderResults({ data: undefined, isLoading: true });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('renders formatted, right-aligned figures and the totals row', () => {
    renderResults({ deltas: { revenue: { kind: 'change', ratio: 0.125 }, impressions: { kind: 'change', ratio: -0.5 } } });
    const table = screen.getByRole('table');
    expect(within(table).getByText('1,234,567')).toBeInTheDocument();
    expect(within(table).getByText('€1,234.50')).toBeInTheDocument();
    expect(within(table).getByText('Nov 17, 2026')).toBeInTheDocument();
    const totals = screen.getByTestId('report-totals');
    const cells = within(totals).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('Total');
    expect(cells[2]).toHaveTextContent('1,235,567');
    expect(cells[2]).toHaveAttribute('style', expect.stringContaining('right'));
    expect(cells[3]).toHaveTextContent('€1,237.10');
    expect(cells[3]).toHaveTextContent('+12.5% vs previous');
    expect(cells[2]).toHaveTextContent('−50.0% vs previous');
    expect(cells[3]).toHaveAttribute('data-value', '1237.1');
  });

  it('says why a change is not a percentage: no data, partial data, a partial day', () => {
    renderResults({
      deltas: { revenue: { kind: 'noData' }, impressions: { kind: 'partialData' } },
      compareLabel: 'last year',
    });
    const cells = within(screen.getByTestId('report-totals')).getAllByRole('cell');
    expect(cells[3]).toHaveTextContent('No data for the comparison period');
    expect(cells[3]).not.toHaveTextContent('%');
    expect(cells[2]).toHaveTextContent('Partial data in the comparison period');
  });

  it('marks today as a partial day and a finalized result as final', () => {
    renderResults({ today: '2026-11-19', data: { ...result, estimatedFrom: undefined } });
    const rows = screen.getAllByRole('row');
    expect(rows[2]).toHaveAttribute('data-partial', 'true');
    expect(within(rows[2]!).getByText('Partial day')).toBeInTheDocument();
    expect(within(rows[1]!).queryByText('Partial day')).toBeNull();
    expect(screen.getByTestId('estimated-legend')).toHaveTextContent('Finalized');
  });

  it('drills down from a row, by mouse on the row or by keyboard on its button', () => {
    const onDrill = vi.fn();
    renderResults({ onDrill });
    fireEvent.click(screen.getByRole('button', { name: 'Drill down into Northwind Sport, 728x90' }));
    expect(onDrill).toHaveBeenCalledTimes(1);
    expect(onDrill.mock.calls[0]![0]).toMatchObject({ sites: 'Northwind Sport', size: '728x90' });
    fireEvent.click(within(screen.getAllByRole('row')[1]!).getByText('1,234,567'));
    expect(onDrill).toHaveBeenLastCalledWith(expect.objectContaining({ sites: 'Northwind News' }));
  });

  it('shows unavailable metrics as a dash with the server reason on the header', () => {
    renderResults();
    const header = screen.getByRole('columnheader', { name: /eCPM/ });
    expect(header).toHaveTextContent('eCPM');
    // The reason is the header's tooltip, and readable by screen readers in the header itself.
    expect(header).toHaveTextContent(
      'Not available: Impression requests are recorded per site and product type only, so eCPM is not available by Size.',
    );
    const rows = screen.getAllByRole('row');
    const firstData = within(rows[1]!).getAllByRole('cell');
    expect(firstData[4]).toHaveTextContent('—');
    expect(firstData[5]).toHaveTextContent('—');
    expect(within(screen.getByTestId('report-totals')).getAllByRole('cell')[4]).toHaveTextContent('—');
    // Not sortable: there is no sort button in that header.
    expect(within(header).queryByRole('button')).toBeNull();
  });

  it('marks estimated rows and explains them', () => {
    renderResults();
    const rows = screen.getAllByRole('row');
    expect(rows[2]).toHaveAttribute('data-estimated', 'true');
    expect(within(rows[2]!).getByText('Est.')).toBeInTheDocument();
    expect(rows[1]).not.toHaveAttribute('data-estimated');
    expect(screen.getByTestId('estimated-legend')).toHaveTextContent('Estimated: figures after Nov 18, 2026 may still change');
  });

  it('marks each figure, the totals and month and cumulative rows as estimated or finalized (item 3)', () => {
    const { unmount } = renderWithProviders(<ReportResults {...baseProps()} />);
    const totals = screen.getByTestId('report-totals');
    expect(totals).toHaveAttribute('data-estimated', 'true');
    expect(within(totals).getByText('Est.')).toBeInTheDocument();
    expect(within(totals).getAllByRole('cell')[3]).toHaveAttribute('title', 'Estimated: may still change');
    const rows = screen.getAllByRole('row');
    expect(within(rows[1]!).getAllByRole('cell')[2]).toHaveAttribute('title', 'Finalized');
    expect(within(rows[2]!).getAllByRole('cell')[2]).toHaveAttribute('title', 'Estimated: may still change');
    unmount();

    const monthly: ReportResult = {
      ...result,
      columns: [{ key: 'month', label: 'Month', kind: 'month' }, ...result.columns.slice(3, 5)],
      rows: [
        { month: '2026-10', impressions: 10, revenue: 1, estimated: false },
        { month: '2026-11', impressions: 20, revenue: 2, estimated: true },
      ],
      totalRows: 2,
      unavailableMetrics: {},
    };
    const second = renderWithProviders(<ReportResults {...baseProps()} data={monthly} />);
    const monthRows = screen.getAllByRole('row');
    expect(monthRows[1]).not.toHaveAttribute('data-estimated');
    expect(within(monthRows[2]!).getByText('Est.')).toBeInTheDocument();
    second.unmount();

    // Cumulative rows hold every day of the range: estimated while any of them is.
    const cumulative: ReportResult = {
      ...monthly,
      columns: [{ key: 'sites', label: 'Site', kind: 'text' }, ...result.columns.slice(3, 5)],
      rows: [{ sites: 'Northwind News', impressions: 30, revenue: 3 }],
      totalRows: 1,
    };
    const third = renderWithProviders(<ReportResults {...baseProps()} data={cumulative} />);
    expect(screen.getAllByRole('row')[1]).toHaveAttribute('data-estimated', 'true');
    third.unmount();
    renderWithProviders(<ReportResults {...baseProps()} data={{ ...cumulative, estimatedFrom: undefined }} />);
    expect(screen.getAllByRole('row')[1]).not.toHaveAttribute('data-estimated');
    expect(screen.getByTestId('report-totals')).not.toHaveAttribute('data-estimated');
    expect(within(screen.getByTestId('report-totals')).getAllByRole('cell')[1]).toHaveAttribute('title', 'Finalized');
  });

  it('notes truncation at the row limit', () => {
    renderResults();
    expect(screen.getByTestId('report-row-count')).toHaveTextContent('Showing 2 of 812 rows');
  });

  it('sorts through the server: numbers descend first, a second click flips', () => {
    const first = renderResults();
    fireEvent.click(screen.getByRole('button', { name: /^Revenue/ }));
    expect(first.onSort).toHaveBeenCalledWith({ key: 'revenue', dir: 'desc' });
    fireEvent.click(screen.getByRole('button', { name: /^Site/ }));
    expect(first.onSort).toHaveBeenCalledWith({ key: 'sites', dir: 'asc' });
  });

  it('shows the catalog tooltip text in the Site header label', () => {
    renderResults({ sort: { key: 'revenue', dir: 'desc' } });
    expect(screen.getByRole('button', { name: /^Site\. Explore More and RSS widget page views are not counted/ })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Revenue/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it("gives every available metric's header its definition and formula (item 8)", () => {
    renderResults({ data: { ...result, unavailableMetrics: {} } });
    expect(screen.getByRole('button', { name: 'Impressions. How many ads were shown. Sort' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Revenue\. What advertisers paid for your impressions \(gross\)\./ })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: /^eCPM\. Revenue per 1,000 impression requests: Revenue ÷ Impression Requests × 1,000\./ }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: /^Fill Rate\. The share of requests that showed an ad: Impressions ÷ Impression Requests\./ }),
    ).toBeInTheDocument();
  });

  it('has empty, error and loading states', () => {
    const { unmount } = renderWithProviders(
      <ReportResults
        data={{ ...result, rows: [], totalRows: 0 }}
        error={undefined}
        isLoading={false}
        isValidating={false}
        retry={vi.fn()}
        sort={null}
        onSort={vi.fn()}
        label="x"
      />,
    );
    expect(screen.getByText('No data for this range')).toBeInTheDocument();
    unmount();
    const retry = vi.fn();
    renderResults({
      data: undefined,
      error: Object.assign(new Error('Bad'), { fields: { dateFrom: 'Choose a range of at most 400 days.' } }),
      retry,
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a range of at most 400 days.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalled();
  });
});
