import type { ReactNode } from 'react';
import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import { ariaSortOf, type SortState } from './table-sort';

/**
 * A header cell that sorts its column: a real button (click, Enter or Space), the direction in
 * aria-sort on the header and as an arrow for the eye.
 */
export function SortableTh({
  sortKey,
  sort,
  onSort,
  children,
  align = 'left',
}: {
  sortKey: string;
  sort: SortState | null;
  onSort: (key: string) => void;
  children: ReactNode;
  align?: 'left' | 'right';
}) {
  const ariaSort = ariaSortOf(sort, sortKey);
  const arrow = ariaSort === 'ascending' ? '▲' : ariaSort === 'descending' ? '▼' : '';
  return (
    <Table.Th ta={align} aria-sort={ariaSort} style={{ whiteSpace: 'nowrap' }}>
      <UnstyledButton onClick={() => onSort(sortKey)} fw={600} fz="sm" w="100%">
        <Group gap={4} wrap="nowrap" justify={align === 'right' ? 'flex-end' : 'flex-start'}>
          <span>{children}</span>
          {arrow && (
            <Text span size="xs" aria-hidden>
              {arrow}
            </Text>
          )}
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
