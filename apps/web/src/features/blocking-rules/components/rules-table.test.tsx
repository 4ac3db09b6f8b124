import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ruleFixture } from '../state/rule.fixture';
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
});
