import { Badge, Group, NativeSelect, SegmentedControl, Stack } from '@mantine/core';
import type { ReportResult } from '@pc/contracts';
import { RowCards, type RowCard } from '../../../components/ui/data-table';
import { EMPTY_CELL, formatCell, isNumericKind } from '../../../lib/format/number-format';
import { displayColumns, splitColumns } from '../state/column-order';
import type { SortState } from './report-table';

type Row = ReportResult['rows'][number];
type Column = ReportResult['columns'][number];

const ESTIMATED = 'Estimated: may still change';

/**
 * The results on a phone: one card per row, titled by its date and dimension values, with each
 * chosen metric as a label and value; the totals come last as their own card.
 */
export function ReportRowCards({
  result,
  caption,
  today,
  sort,
  onSort,
}: {
  result: ReportResult;
  caption: string;
  today?: string;
  /** The table's sort state: the cards and the table share it, so switching keeps the order. */
  sort: SortState | null;
  onSort: (s: SortState) => void;
}) {
  const { names, metrics } = splitColumns(result.columns);
  const unavailable = result.unavailableMetrics as Record<string, string | undefined>;
  const periodic = names[0]?.kind === 'date' || names[0]?.kind === 'month';
  const rangeEstimated = Boolean(result.estimatedFrom);
  const value = (key: string, kind: ReportResult['columns'][number]['kind'], v: Row[string] | undefined) =>
    unavailable[key] ? EMPTY_CELL : formatCell(v, kind, result.currency);
  const fields = (source: Record<string, Row[string] | undefined>, estimated: boolean) =>
    metrics.map((c) => ({
      label: c.label,
      value: value(c.key, c.kind, source[c.key]),
      title: unavailable[c.key] ?? (estimated ? ESTIMATED : 'Finalized'),
    }));

  const cards: RowCard[] = result.rows.map((row, i) => {
    const estimated = periodic ? row.estimated === true : rangeEstimated;
    const partial = today !== undefined && row.date === today;
    return {
      key: String(i),
      title: names.map((c) => formatCell(row[c.key], c.kind, result.currency)).join(' · '),
      italic: estimated,
      testId: 'report-row-card',
      marks: (
        <>
          {estimated && (
            <Badge size="xs" variant="light" color="yellow" fs="normal" title={ESTIMATED}>
              Est.
            </Badge>
          )}
          {partial && (
            <Badge size="xs" variant="light" color="orange" fs="normal" title="Today: the day is not over yet">
              Partial day
            </Badge>
          )}
        </>
      ),
      fields: fields(row, estimated),
    };
  });
  cards.push({
    key: 'total',
    title: 'Total',
    italic: rangeEstimated,
    testId: 'report-totals-card',
    fields: fields(result.totals, rangeEstimated),
  });
  return (
    <Stack gap="xs">
      <CardSort result={result} sort={sort} onSort={onSort} />
      <RowCards label={caption} cards={cards} />
    </Stack>
  );
}

/** The directions in the order a header click offers them: numbers by size, dates by age, text by the alphabet. */
function directions(kind: Column['kind']): { value: SortState['dir']; label: string }[] {
  if (isNumericKind(kind))
    return [
      { value: 'desc', label: 'High to low' },
      { value: 'asc', label: 'Low to high' },
    ];
  if (kind === 'date' || kind === 'month')
    return [
      { value: 'asc', label: 'Oldest first' },
      { value: 'desc', label: 'Newest first' },
    ];
  return [
    { value: 'asc', label: 'A to Z' },
    { value: 'desc', label: 'Z to A' },
  ];
}

/**
 * The cards have no headers to click, so a select and a direction switch stand in for them. Like a
 * header click, choosing a column sorts numbers largest first and text and dates in reading order;
 * the sort goes through the server as the table's does.
 */
function CardSort({ result, sort, onSort }: { result: ReportResult; sort: SortState | null; onSort: (s: SortState) => void }) {
  const unavailable = result.unavailableMetrics as Record<string, string | undefined>;
  // The columns as the table's headers show them; a metric the table cannot sort is left out here too.
  const columns = displayColumns(result.columns).filter((c) => !unavailable[c.key]);
  const active = sort ? columns.find((c) => c.key === sort.key) : undefined;
  const choose = (key: string) => {
    const col = columns.find((c) => c.key === key);
    if (col) onSort({ key: col.key, dir: isNumericKind(col.kind) ? 'desc' : 'asc' });
  };
  return (
    <Group gap="xs" align="flex-end" wrap="wrap" data-testid="report-card-sort">
      <NativeSelect
        size="xs"
        label="Sort by"
        value={active?.key ?? ''}
        onChange={(e) => choose(e.currentTarget.value)}
        data={[...(active ? [] : [{ value: '', label: 'Report order' }]), ...columns.map((c) => ({ value: c.key, label: c.label }))]}
      />
      {active && sort && (
        <SegmentedControl
          size="xs"
          aria-label="Sort direction"
          data={directions(active.kind)}
          value={sort.dir}
          onChange={(v) => onSort({ key: active.key, dir: v === 'asc' ? 'asc' : 'desc' })}
        />
      )}
    </Group>
  );
}
