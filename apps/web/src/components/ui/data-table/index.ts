export { DataTable, type DataColumn, type DataTableProps } from './data-table';
export { RowCards, type RowCard, type RowCardField } from './row-cards';
export { SortableTh } from './sortable-th';
export {
  ariaSortOf,
  compareSortValues,
  dateValue,
  nextSort,
  sortRows,
  type SortColumn,
  type SortDir,
  type SortState,
  type SortValue,
} from './table-sort';
export { useTableSort } from './use-table-sort';
