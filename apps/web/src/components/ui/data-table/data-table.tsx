import type { ReactNode, Ref } from 'react';
import { Table, Text, type TableProps } from '@mantine/core';
import { LoadingCard } from '../loading-card';
import { SortableTh } from './sortable-th';
import type { SortState } from './table-sort';

/** One header cell: sortable when the table has a sort and the column a sort key. */
export interface DataColumn {
  key: string;
  /** Visible header text; empty for an actions column (then `label` names it for screen readers). */
  header: ReactNode;
  /** The column's name for assistive technology when `header` is empty (an actions column). */
  label?: string;
  sortable?: boolean;
  align?: 'left' | 'right';
}

export interface DataTableProps extends Omit<TableProps, 'children'> {
  /** The table's accessible name; also the loading state's label ("Loading <label>"). */
  label: string;
  columns: readonly DataColumn[];
  /** From useTableSort: the state and the toggle of the sortable headers. */
  sort?: { sort: SortState | null; toggle: (key: string) => void };
  /** Width below which the table scrolls sideways (its first column stays in view, app/global.css). */
  minWidth?: number;
  loading?: boolean;
  /** Skeleton bars while loading (three unless told). */
  loadingRows?: number;
  /** Shown instead of the table when it has no rows (`rowCount` 0): a sentence is set as a quiet line, anything else as given. */
  empty?: ReactNode;
  rowCount?: number;
  /** Rows of a totals footer (`<Table.Tr>`s), kept in view at the bottom by app/global.css. */
  footer?: ReactNode;
  /** The body's rows (`<Table.Tr>`s). */
  children: ReactNode;
  /** The `<table>` element, for a feature that moves focus among its rows' buttons. */
  ref?: Ref<HTMLTableElement>;
}

/**
 * Every table of the web: a scroll container that keeps the first column in view and takes
 * keyboard focus (app/global.css), headers that sort when asked (SortableTh), one loading state
 * and one empty state. The rows stay the feature's own, so a table keeps its expanding rows and
 * cell layouts.
 */
export function DataTable({
  label,
  columns,
  sort,
  minWidth = 600,
  loading = false,
  loadingRows,
  empty,
  rowCount,
  footer,
  children,
  ref,
  ...tableProps
}: DataTableProps) {
  if (loading) return <LoadingCard label={`Loading ${label.toLowerCase()}`} rows={loadingRows} />;
  if (empty !== undefined && rowCount === 0)
    return typeof empty === 'string' ? (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    ) : (
      <>{empty}</>
    );
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table ref={ref} aria-label={label} {...tableProps}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) =>
              sort && c.sortable ? (
                <SortableTh key={c.key} sortKey={c.key} sort={sort.sort} onSort={sort.toggle} align={c.align}>
                  {c.header}
                </SortableTh>
              ) : (
                <Table.Th key={c.key} ta={c.align} aria-label={c.header ? undefined : c.label}>
                  {c.header}
                </Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
        {footer && <Table.Tfoot>{footer}</Table.Tfoot>}
      </Table>
    </Table.ScrollContainer>
  );
}
