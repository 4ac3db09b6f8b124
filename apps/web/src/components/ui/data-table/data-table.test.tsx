import { fireEvent, screen, within } from '@testing-library/react';
import { createRef } from 'react';
import { Table } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { DataTable } from './data-table';
import { useTableSort } from './use-table-sort';
import type { SortColumn } from './table-sort';

interface Row {
  name: string;
  count: number;
}
const ROWS: Row[] = [
  { name: 'Beta', count: 2 },
  { name: 'Alpha', count: 10 },
];
const SORT: SortColumn<Row>[] = [
  { key: 'name', value: (r) => r.name },
  { key: 'count', value: (r) => r.count, firstDir: 'desc' },
];
const COLUMNS = [
  { key: 'name', header: 'Name', sortable: true },
  { key: 'count', header: 'Count', sortable: true, align: 'right' as const },
  { key: 'actions', header: '', label: 'Actions' },
];

function Sorted(props: { rows: Row[]; loading?: boolean }) {
  const sort = useTableSort(props.rows, SORT);
  return (
    <DataTable
      label="Things"
      columns={COLUMNS}
      sort={sort}
      loading={props.loading}
      rowCount={props.rows.length}
      empty={<p>No things yet.</p>}
    >
      {sort.sorted.map((r) => (
        <Table.Tr key={r.name}>
          <Table.Td>{r.name}</Table.Td>
          <Table.Td ta="right">{r.count}</Table.Td>
          <Table.Td />
        </Table.Tr>
      ))}
    </DataTable>
  );
}

const names = () =>
  within(screen.getByRole('table', { name: 'Things' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0]!.textContent);

describe('DataTable', () => {
  it('names the table, sorts by a header button and says the direction in aria-sort', () => {
    renderWithProviders(<Sorted rows={ROWS} />);
    expect(names()).toEqual(['Beta', 'Alpha']);
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(names()).toEqual(['Alpha', 'Beta']);
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
    fireEvent.click(screen.getByRole('button', { name: 'Count' }));
    expect(names()).toEqual(['Alpha', 'Beta']);
    expect(screen.getByRole('columnheader', { name: 'Count' })).toHaveAttribute('aria-sort', 'descending');
  });

  it('names an empty actions header for screen readers', () => {
    renderWithProviders(<Sorted rows={ROWS} />);
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
  });

  it('shows its empty state instead of a headers-only table, and a loading state while loading', () => {
    const { unmount } = renderWithProviders(<Sorted rows={[]} />);
    expect(screen.getByText('No things yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    unmount();
    renderWithProviders(<Sorted rows={ROWS} loading />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Loading things')).toBeInTheDocument();
  });

  it('hands its <table> element to a ref', () => {
    const ref = createRef<HTMLTableElement>();
    renderWithProviders(
      <DataTable label="Things" columns={COLUMNS} ref={ref}>
        <Table.Tr>
          <Table.Td>Alpha</Table.Td>
        </Table.Tr>
      </DataTable>,
    );
    expect(ref.current).toBe(screen.getByRole('table', { name: 'Things' }));
  });

  it('sets an empty state given as a sentence as a paragraph of text, with no table', () => {
    renderWithProviders(
      <DataTable label="Things" columns={COLUMNS} rowCount={0} empty="No thing matches these filters.">
        {null}
      </DataTable>,
    );
    expect(screen.getByText('No thing matches these filters.').tagName).toBe('P');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
