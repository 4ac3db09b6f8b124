import { useMemo, useState } from 'react';
import { nextSort, sortRows, type SortColumn, type SortState } from './table-sort';

/** Rows sorted by the chosen header, and what each sortable header needs. */
export function useTableSort<Row>(rows: readonly Row[], columns: readonly SortColumn<Row>[], initial: SortState | null = null) {
  const [sort, setSort] = useState<SortState | null>(initial);
  const sorted = useMemo(() => sortRows(rows, columns, sort), [rows, columns, sort]);
  const toggle = (key: string) => {
    const column = columns.find((c) => c.key === key);
    setSort((current) => nextSort(current, key, column?.firstDir));
  };
  return { sorted, sort, toggle };
}
