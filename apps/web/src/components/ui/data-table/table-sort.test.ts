import { describe, expect, it } from 'vitest';
import { ariaSortOf, compareSortValues, dateValue, nextSort, sortRows, type SortColumn } from './table-sort';

type Row = { name: string; amount: number | null; on: string | null };
const rows: Row[] = [
  { name: 'b', amount: 900, on: '2026-02-01' },
  { name: 'A', amount: null, on: null },
  { name: 'c', amount: 10000, on: '2025-12-31' },
];
const columns: SortColumn<Row>[] = [
  { key: 'name', value: (r) => r.name },
  { key: 'amount', value: (r) => r.amount, firstDir: 'desc' },
  { key: 'on', value: (r) => dateValue(r.on) },
];
const names = (sorted: Row[]) => sorted.map((r) => r.name);

describe('table sort', () => {
  it('sorts numbers as numbers, text without regard to case, and missing values last both ways', () => {
    expect(names(sortRows(rows, columns, { key: 'amount', dir: 'asc' }))).toEqual(['b', 'c', 'A']);
    expect(names(sortRows(rows, columns, { key: 'amount', dir: 'desc' }))).toEqual(['c', 'b', 'A']);
    expect(names(sortRows(rows, columns, { key: 'name', dir: 'asc' }))).toEqual(['A', 'b', 'c']);
    expect(names(sortRows(rows, columns, { key: 'on', dir: 'asc' }))).toEqual(['c', 'b', 'A']);
    expect(names(sortRows(rows, columns, null))).toEqual(['b', 'A', 'c']);
    expect(compareSortValues(null, null, 'asc')).toBe(0);
  });

  it('flips the same column and starts another at its first direction', () => {
    expect(nextSort(null, 'amount', 'desc')).toEqual({ key: 'amount', dir: 'desc' });
    expect(nextSort({ key: 'amount', dir: 'desc' }, 'amount')).toEqual({ key: 'amount', dir: 'asc' });
    expect(nextSort({ key: 'amount', dir: 'asc' }, 'name')).toEqual({ key: 'name', dir: 'asc' });
    expect(ariaSortOf({ key: 'name', dir: 'desc' }, 'name')).toBe('descending');
    expect(ariaSortOf({ key: 'name', dir: 'desc' }, 'amount')).toBe('none');
  });

  it('reads dates as time and anything unreadable as missing', () => {
    expect(dateValue('2026-01-15')).toBe(Date.UTC(2026, 0, 15));
    expect(dateValue('')).toBeNull();
    expect(dateValue('soon')).toBeNull();
  });
});
