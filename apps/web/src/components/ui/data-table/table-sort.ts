/** Client-side sorting for the shared data table: small lists the page already holds. */

export type SortDir = 'asc' | 'desc';

export interface SortState {
  key: string;
  dir: SortDir;
}

/**
 * What a column sorts by: numbers (money by its amount, dates as epoch milliseconds) or text.
 * Null is a missing value and always sorts last, in either direction.
 */
export type SortValue = number | string | null;

export interface SortColumn<Row> {
  key: string;
  value: (row: Row) => SortValue;
  /** The direction of a first click: numbers are usually wanted largest first. */
  firstDir?: SortDir;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** A date or timestamp as epoch milliseconds, so it sorts by time rather than by its text. */
export function dateValue(value: string | null | undefined): SortValue {
  if (value === null || value === undefined || value === '') return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

export function compareSortValues(a: SortValue, b: SortValue, dir: SortDir): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  const order = typeof a === 'number' && typeof b === 'number' ? a - b : collator.compare(String(a), String(b));
  return dir === 'asc' ? order : -order;
}

/** A sorted copy; rows that compare equal keep their given order. */
export function sortRows<Row>(rows: readonly Row[], columns: readonly SortColumn<Row>[], sort: SortState | null): Row[] {
  const column = sort ? columns.find((c) => c.key === sort.key) : undefined;
  if (!sort || !column) return [...rows];
  return rows
    .map((row, index) => ({ row, index, value: column.value(row) }))
    .sort((x, y) => compareSortValues(x.value, y.value, sort.dir) || x.index - y.index)
    .map((x) => x.row);
}

/** The sort after activating a header: the same column flips, another starts at its first direction. */
export function nextSort(current: SortState | null, key: string, firstDir: SortDir = 'asc'): SortState {
  if (current?.key === key) return { key, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { key, dir: firstDir };
}

export function ariaSortOf(sort: SortState | null, key: string): 'ascending' | 'descending' | 'none' {
  if (sort?.key !== key) return 'none';
  return sort.dir === 'asc' ? 'ascending' : 'descending';
}
