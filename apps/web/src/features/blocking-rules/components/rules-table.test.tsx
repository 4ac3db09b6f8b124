import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { ruleFixture } from '../../../../test/blocking-rules/rule.fixture';
import { RulesTable } from './rules-table';

const rules = [
  ruleFixture({
    id: 'a',
    name: 'No gambling',
    type: 'advertiser_domain',
    values: ['casino.example', 'b.example', 'c.example', 'd.example'],
  }),
  ruleFixture({ id: 'b', name: 'Competitors', values: ['Globex'], status: 'paused', siteIds: ['5001', '5002'] }),
  ruleFixture({ id: 'c', name: 'Old promo', type: 'keyword', values: ['black friday'], status: 'expired', updatedBy: null }),
];
const siteName = (id: string) => ({ '5001': 'Northwind News', '5002': 'Northwind Travel' })[id] ?? id;

describe('RulesTable', () => {
  it('shows values preview, sites, status and the actions each status allows', () => {
    const onPause = vi.fn();
    const onDelete = vi.fn();
    renderWithProviders(<RulesTable rules={rules} siteName={siteName} onPause={onPause} onDelete={onDelete} />);
    const row = (name: RegExp) => screen.getByRole('row', { name });
    expect(row(/No gambling/)).toHaveTextContent('casino.example, b.example, c.example +1 more');
    expect(row(/No gambling/)).toHaveTextContent('All sites');
    expect(row(/Competitors/)).toHaveTextContent('Northwind News, Northwind Travel');
    expect(row(/Old promo/)).toHaveTextContent(/System,/);
    // Paused rules resume; expired ones cannot be paused or resumed (edit them instead).
    fireEvent.click(within(row(/Competitors/)).getByRole('button', { name: 'Resume' }));
    expect(onPause).toHaveBeenCalledWith(rules[1]);
    expect(within(row(/No gambling/)).getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    expect(within(row(/Old promo/)).queryByRole('button', { name: /Pause|Resume/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Old promo' }));
    expect(onDelete).toHaveBeenCalledWith(rules[2]);
  });

  it('narrows the list by the search and says so when nothing matches', () => {
    renderWithProviders(<RulesTable rules={rules} siteName={siteName} onPause={vi.fn()} onDelete={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'globex' } });
    expect(screen.getAllByRole('row')).toHaveLength(2);
    expect(screen.getByRole('row', { name: /Competitors/ })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'zzz' } });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('No rule matches these filters.')).toBeInTheDocument();
  });

  it('sorts by a header, by click or by Enter, saying the direction in aria-sort; dates sort by date', async () => {
    const dated = [
      ruleFixture({ id: 'x', name: 'Beta', expiresAt: '2027-01-05', updatedAt: '2026-11-02T09:00:00.000Z' }),
      ruleFixture({ id: 'y', name: 'alpha', expiresAt: '2026-12-31', updatedAt: '2026-11-20T09:00:00.000Z' }),
      ruleFixture({ id: 'z', name: 'Gamma', expiresAt: null, updatedAt: '2026-10-30T09:00:00.000Z' }),
    ];
    renderWithProviders(<RulesTable rules={dated} siteName={siteName} onPause={vi.fn()} onDelete={vi.fn()} />);
    const names = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell')[0]!.textContent);
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
    expect(header('Name')).toHaveAttribute('aria-sort', 'none');

    fireEvent.click(within(header('Name')).getByRole('button'));
    expect(header('Name')).toHaveAttribute('aria-sort', 'ascending');
    expect(names()).toEqual(['alpha', 'Beta', 'Gamma']);
    fireEvent.click(within(header('Name')).getByRole('button'));
    expect(header('Name')).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['Gamma', 'Beta', 'alpha']);

    // The keyboard: focus the Expires header's button and press Enter. A rule with no end sorts last.
    const user = userEvent.setup();
    within(header('Expires')).getByRole('button').focus();
    await user.keyboard('{Enter}');
    expect(header('Expires')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Name')).toHaveAttribute('aria-sort', 'none');
    expect(names()).toEqual(['alpha', 'Beta', 'Gamma']);
    await user.keyboard('{Enter}');
    expect(names()).toEqual(['Beta', 'alpha', 'Gamma']);

    // Last changed starts with the latest change.
    fireEvent.click(within(header('Last changed')).getByRole('button'));
    expect(header('Last changed')).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['alpha', 'Beta', 'Gamma']);
  });
});
