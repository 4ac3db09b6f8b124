/**
 * Where the changed days' rows are: `changedDays` names a table of (publisher_id, date) pairs;
 * `stagedSales`, when given, a relation holding exactly the sales facts of those pairs (what an
 * ingestion just wrote), so the day rollups are summed from it instead of from the whole fact table.
 */
export interface ChangedDays {
  changedDays: string;
  stagedSales?: string;
}

/** The days a refresh reads, as date literals: a scan of a large table then skips other days' row groups by zone maps. */
export interface DayRange {
  from: string;
  to: string;
}

/** `s.date` within the range (the month range when `month`), as SQL. */
export function withinRange(range: DayRange, column: string, month = false): string {
  // Whole months: from the first of the first month to before the first of the month after the last.
  if (month) return `${column} >= DATE '${range.from.slice(0, 7)}-01' AND ${column} < DATE '${range.to.slice(0, 7)}-01' + INTERVAL 1 MONTH`;
  return `${column} BETWEEN DATE '${range.from}' AND DATE '${range.to}'`;
}
