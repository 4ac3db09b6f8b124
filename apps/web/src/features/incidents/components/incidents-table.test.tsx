import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDateTime, type Incident } from '@pc/contracts';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { IncidentsTable } from './incidents-table';

const incident = (over: Partial<Incident>): Incident => ({
  id: 'i1',
  publisherId: '1001',
  siteId: '5001',
  siteName: 'Northwind News',
  scopeLabel: 'Northwind News',
  status: 'open',
  type: 'downtime',
  severity: 'medium',
  category: 'Availability',
  title: 'Incident',
  new: false,
  lastOccurrence: 1_764_000_000,
  firstOccurrence: 1_763_000_000,
  occurrences: 1,
  acknowledgedBy: null,
  acknowledgedAt: null,
  resolvedBy: null,
  resolvedAt: null,
  ...over,
});

const incidents = [
  incident({ id: 'a', title: 'Site down', severity: 'medium', lastOccurrence: 1_764_000_000 }),
  incident({ id: 'b', title: 'Certificate expires', severity: 'critical', lastOccurrence: 900_000_000 }),
  incident({ id: 'c', title: 'Ads.txt lines missing', severity: 'low', lastOccurrence: 1_764_500_000 }),
];

function renderTable() {
  renderWithProviders(<IncidentsTable publisherId="1001" incidents={incidents} expanded={null} onToggle={vi.fn()} onChanged={vi.fn()} />);
}

const titles = () => screen.getAllByTestId('incident-row').map((r) => within(r).getAllByRole('cell')[0]!.querySelector('p')?.textContent);
const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });

describe('IncidentsTable', () => {
  it("shows a revenue incident's day, not the midnight it is recorded at", () => {
    const day = Date.parse('2026-11-27T00:00:00Z') / 1000;
    renderWithProviders(
      <IncidentsTable
        publisherId="1001"
        incidents={[incident({ type: 'revenue', title: 'Revenue drop', lastOccurrence: day }), incident({ id: 'd', lastOccurrence: day })]}
        expanded={null}
        onToggle={vi.fn()}
        onChanged={vi.fn()}
      />,
    );
    const [revenue, downtime] = screen.getAllByTestId('incident-row');
    expect(within(revenue!).getByRole('cell', { name: 'Nov 27, 2026' })).toBeInTheDocument();
    expect(within(downtime!).getByRole('cell', { name: formatDateTime(day * 1000) })).toBeInTheDocument();
  });

  it('keeps the given order until a header is chosen, then sorts by it both ways', () => {
    renderTable();
    expect(titles()).toEqual(['Site down', 'Certificate expires', 'Ads.txt lines missing']);
    fireEvent.click(within(header('Incident')).getByRole('button'));
    expect(header('Incident')).toHaveAttribute('aria-sort', 'ascending');
    expect(titles()).toEqual(['Ads.txt lines missing', 'Certificate expires', 'Site down']);
    fireEvent.click(within(header('Incident')).getByRole('button'));
    expect(header('Incident')).toHaveAttribute('aria-sort', 'descending');
    expect(titles()).toEqual(['Site down', 'Certificate expires', 'Ads.txt lines missing']);
  });

  it('sorts severity by rank and the last occurrence by time, from the keyboard', async () => {
    renderTable();
    const user = userEvent.setup();
    within(header('Severity')).getByRole('button').focus();
    await user.keyboard('{Enter}');
    expect(header('Severity')).toHaveAttribute('aria-sort', 'descending');
    expect(titles()).toEqual(['Certificate expires', 'Site down', 'Ads.txt lines missing']);

    within(header('Last occurrence')).getByRole('button').focus();
    await user.keyboard('{Enter}');
    expect(header('Last occurrence')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Severity')).toHaveAttribute('aria-sort', 'none');
    expect(titles()).toEqual(['Ads.txt lines missing', 'Site down', 'Certificate expires']);
    await user.keyboard(' ');
    expect(header('Last occurrence')).toHaveAttribute('aria-sort', 'ascending');
    expect(titles()).toEqual(['Certificate expires', 'Site down', 'Ads.txt lines missing']);
  });
});
