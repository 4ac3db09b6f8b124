import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReportResult } from '@pc/contracts';
import { ReportResults } from './report-results';
import type { SortState } from './report-table';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { viewport } from '../../../../test/viewport';

const result: ReportResult = {
  columns: [
    { key: 'date', label: 'Date', kind: 'date' },
    { key: 'sites', label: 'Site', kind: 'text' },
    { key: 'product_type', label: 'Product Type', kind: 'text' },
    { key: 'brand', label: 'Brand', kind: 'text' },
    { key: 'impressions', label: 'Impressions', kind: 'count' },
    { key: 'revenue', label: 'Revenue', kind: 'money' },
  ],
  rows: [
    { date: '2026-11-17', sites: 'Northwind News', product_type: 'Display', brand: 'Acme', impressions: 1234567, revenue: 1234.5 },
    {
      date: '2026-11-19',
      sites: 'Northwind Sport',
      product_type: 'Video',
      brand: 'Globex',
      impressions: 1000,
      revenue: 2.6,
      estimated: true,
    },
  ],
  totalRows: 2,
  totals: { impressions: 1235567, revenue: 1237.1 },
  unavailableMetrics: {},
  estimatedFrom: '2026-11-19',
  currency: 'EUR',
  rowLimit: 500,
};

function renderAt(width: number, sort: SortState | null = null) {
  viewport(width);
  const onSort = vi.fn();
  const view = renderWithProviders(
    <ReportResults
      data={result}
      error={undefined}
      isLoading={false}
      isValidating={false}
      retry={vi.fn()}
      sort={sort}
      onSort={onSort}
      label="Revenue Summary"
    />,
  );
  return { ...view, onSort };
}

afterEach(() => vi.restoreAllMocks());

describe('report results on a phone', () => {
  it('shows each row as a card: its dimension values as the title, the chosen metrics as label and value', () => {
    renderAt(375);
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: 'Revenue Summary results' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(cards[0]).toHaveTextContent('Nov 17, 2026 · Northwind News · Display · Acme');
    const terms = within(cards[0]!)
      .getAllByRole('term')
      .map((t) => t.textContent);
    const values = within(cards[0]!)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(terms).toEqual(['Impressions', 'Revenue']);
    expect(values).toEqual(['1,234,567', '€1,234.50']);
    expect(within(cards[1]!).getByText('Est.')).toBeInTheDocument();
    expect(cards[2]).toHaveAttribute('data-testid', 'report-totals-card');
    expect(cards[2]).toHaveTextContent('Total');
    expect(
      within(cards[2]!)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['1,235,567', '€1,237.10']);
  });

  it('switches to the table on request', () => {
    renderAt(375);
    fireEvent.click(screen.getByLabelText('Table'));
    expect(screen.getByRole('table', { name: 'Revenue Summary results' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Revenue Summary results' })).toBeNull();
  });

  it('keeps the table on a wide screen, with the metrics before the second and third dimensions', () => {
    renderAt(1280);
    expect(screen.queryByRole('list', { name: 'Revenue Summary results' })).toBeNull();
    expect(screen.queryByLabelText('Show rows as')).toBeNull();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Date', 'Site', 'Impressions', 'Revenue', 'Product Type', 'Brand']);
  });

  it('sorts the cards through the same sort as the table: numbers high to low first, text A to Z', () => {
    const { onSort } = renderAt(375);
    const select = screen.getByRole('combobox', { name: 'Sort by' });
    // The columns in the order the table's headers show them, under the same labels.
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Report order', 'Date', 'Site', 'Impressions', 'Revenue', 'Product Type', 'Brand']);
    fireEvent.change(select, { target: { value: 'revenue' } });
    expect(onSort).toHaveBeenLastCalledWith({ key: 'revenue', dir: 'desc' });
    fireEvent.change(select, { target: { value: 'brand' } });
    expect(onSort).toHaveBeenLastCalledWith({ key: 'brand', dir: 'asc' });
  });

  it('shows the current sort as selected and flips its direction', () => {
    const { onSort } = renderAt(375, { key: 'revenue', dir: 'desc' });
    const select = screen.getByRole('combobox', { name: 'Sort by' });
    expect(select).toHaveValue('revenue');
    expect(within(select).getByRole('option', { name: 'Revenue' })).toHaveProperty('selected', true);
    expect(within(select).queryByRole('option', { name: 'Report order' })).toBeNull();
    const direction = screen.getByRole('radiogroup', { name: 'Sort direction' });
    expect(within(direction).getByRole('radio', { name: 'High to low' })).toBeChecked();
    fireEvent.click(within(direction).getByRole('radio', { name: 'Low to high' }));
    expect(onSort).toHaveBeenLastCalledWith({ key: 'revenue', dir: 'asc' });
  });

  it('keeps the sort when switching to the table', () => {
    renderAt(375, { key: 'revenue', dir: 'asc' });
    fireEvent.click(screen.getByLabelText('Table'));
    expect(screen.getByRole('columnheader', { name: /Revenue/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.queryByRole('combobox', { name: 'Sort by' })).toBeNull();
  });
});
