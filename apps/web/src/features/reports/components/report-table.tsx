import { Badge, Group, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import {
  DIMENSIONS,
  METRICS,
  describeChange,
  type DimensionKey,
  type MetricKey,
  type PeriodChange,
  type ReportResult,
} from '@pc/contracts';
import { EMPTY_CELL, formatCell, isNumericKind } from '../../../lib/format/number-format';
import { displayColumns } from '../state/column-order';

export interface SortState {
  key: string;
  dir: 'asc' | 'desc';
}

export interface ReportTableProps {
  result: ReportResult;
  sort: SortState | null;
  /** Server-side sort: the whole result (not only the 500 rows shown) is ordered by the server. */
  onSort: (sort: SortState) => void;
  /** Change of each metric's total against the comparison period, or why there is none. */
  deltas?: Record<string, PeriodChange | undefined>;
  /** "previous", "last year", "comparison": the words after "vs". */
  compareLabel?: string;
  caption: string;
  /** Drill-down: the clicked row's dimension values. */
  onDrill?: (row: ReportResult['rows'][number]) => void;
  /** Today in the reporting zone: its row is a partial day and says so. */
  today?: string;
}

const DIMENSION_KEYS = new Set(Object.keys(DIMENSIONS));

type Column = ReportResult['columns'][number];

/** A small "i" in a circle: this header has an explanation (the font has no ⓘ glyph). */
function InfoMark() {
  return (
    <svg
      width={13}
      height={13}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      aria-hidden="true"
      focusable="false"
      style={{ opacity: 0.55 }}
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v6M12 7.5v.01" strokeLinecap="round" />
    </svg>
  );
}

function headerTooltip(col: Column, unavailable: string | undefined): string | undefined {
  if (unavailable) return unavailable;
  return METRICS[col.key as MetricKey]?.tooltip ?? DIMENSIONS[col.key as DimensionKey]?.tooltip;
}

function HeaderCell({
  col,
  sort,
  onSort,
  unavailable,
}: {
  col: Column;
  sort: SortState | null;
  onSort: (s: SortState) => void;
  unavailable?: string;
}) {
  const numeric = isNumericKind(col.kind);
  const active = sort?.key === col.key;
  const tip = headerTooltip(col, unavailable);
  // Numbers are usually wanted largest first, text and dates in reading order.
  const next: SortState = active
    ? { key: col.key, dir: sort.dir === 'asc' ? 'desc' : 'asc' }
    : { key: col.key, dir: numeric ? 'desc' : 'asc' };
  const arrow = active ? (sort.dir === 'asc' ? '▲' : '▼') : '';
  const label = (
    <Group gap={4} wrap="nowrap" justify={numeric ? 'flex-end' : 'flex-start'}>
      <span>{col.label}</span>
      {tip && <InfoMark />}
      {arrow && (
        <Text span size="xs" aria-hidden>
          {arrow}
        </Text>
      )}
    </Group>
  );
  const control = unavailable ? (
    <Text span fw={600} size="sm" tabIndex={0} c="dimmed">
      {label}
      <span className="visually-hidden">Not available: {unavailable}</span>
    </Text>
  ) : (
    <UnstyledButton
      onClick={() => onSort(next)}
      fw={600}
      fz="sm"
      w="100%"
      aria-label={`${col.label}${tip ? `. ${tip.replace(/\.$/, '')}` : ''}. Sort`}
    >
      {label}
    </UnstyledButton>
  );
  return (
    <Table.Th
      ta={numeric ? 'right' : 'left'}
      aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
      style={{ whiteSpace: 'nowrap' }}
    >
      {tip ? (
        <Tooltip label={tip} multiline w={280} withArrow openDelay={150}>
          {control}
        </Tooltip>
      ) : (
        control
      )}
    </Table.Th>
  );
}

/**
 * The results: dense, server-sorted, numbers right-aligned, a totals row, estimated rows marked;
 * the metrics come before the second and later dimensions (displayColumns).
 */
export function ReportTable({ result, sort, onSort, deltas, compareLabel = 'previous', caption, onDrill, today }: ReportTableProps) {
  const { rows, totals, unavailableMetrics, currency } = result;
  const columns = displayColumns(result.columns);
  const firstDimension = columns.findIndex((c) => DIMENSION_KEYS.has(c.key));
  const drillable = onDrill !== undefined && firstDimension >= 0;
  const unavailable = unavailableMetrics as Record<string, string | undefined>;
  const cell = (col: Column, value: ReportResult['rows'][number][string] | undefined) =>
    unavailable[col.key] ? EMPTY_CELL : formatCell(value, col.kind, currency);
  // Every figure says whether it may still change. Day and Month rows know it
  // themselves; a Cumulative row (no time column) and the totals include every day of the range,
  // so they are estimated as soon as the range reaches an unfinalized day.
  const periodic = columns[0]?.kind === 'date' || columns[0]?.kind === 'month';
  const rangeEstimated = Boolean(result.estimatedFrom);
  const isEstimatedRow = (row: ReportResult['rows'][number]) => (periodic ? row.estimated === true : rangeEstimated);
  const figureTitle = (estimated: boolean) => (estimated ? 'Estimated: may still change' : 'Finalized');

  return (
    <Table.ScrollContainer minWidth={Math.max(480, columns.length * 130)} maxHeight={560}>
      <Table striped highlightOnHover stickyHeader verticalSpacing={6} horizontalSpacing="sm" fz="sm" tabularNums withTableBorder>
        <caption className="visually-hidden">{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <HeaderCell key={c.key} col={c} sort={sort} onSort={onSort} unavailable={unavailable[c.key]} />
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, i) => {
            const estimated = isEstimatedRow(row);
            const partial = today !== undefined && row.date === today;
            const drillLabel = drillable ? columns.filter((c) => DIMENSION_KEYS.has(c.key)).map((c) => String(row[c.key] ?? '')) : [];
            return (
              <Table.Tr
                key={i}
                data-estimated={estimated || undefined}
                data-partial={partial || undefined}
                fs={estimated ? 'italic' : undefined}
                onClick={drillable ? () => onDrill(row) : undefined}
                style={drillable ? { cursor: 'pointer' } : undefined}
              >
                {columns.map((c, n) => (
                  <Table.Td
                    key={c.key}
                    ta={isNumericKind(c.kind) ? 'right' : 'left'}
                    c={unavailable[c.key] ? 'dimmed' : undefined}
                    style={{ whiteSpace: 'nowrap' }}
                    title={isNumericKind(c.kind) && !unavailable[c.key] ? figureTitle(estimated) : undefined}
                  >
                    {drillable && n === firstDimension ? (
                      // The keyboard way in: the row's click handler does the same for the mouse.
                      <UnstyledButton
                        fz="sm"
                        td="underline"
                        aria-label={`Drill down into ${drillLabel.join(', ')}`}
                        onClick={(e) => {
                          e.stopPropagation();
                          onDrill(row);
                        }}
                      >
                        {cell(c, row[c.key])}
                      </UnstyledButton>
                    ) : (
                      cell(c, row[c.key])
                    )}
                    {estimated && n === 0 && (
                      <Badge ml={6} size="xs" variant="light" color="yellow" fs="normal" title="Estimated: may still change">
                        Est.
                      </Badge>
                    )}
                    {partial && n === 0 && (
                      <Badge ml={6} size="xs" variant="light" color="orange" fs="normal" title="Today: the day is not over yet">
                        Partial day
                      </Badge>
                    )}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr
            data-testid="report-totals"
            data-estimated={rangeEstimated || undefined}
            fw={700}
            bg="var(--mantine-color-gray-1)"
            fs={rangeEstimated ? 'italic' : undefined}
          >
            {columns.map((c, n) => {
              const numeric = isNumericKind(c.kind);
              const total = numeric && !unavailable[c.key] ? (totals[c.key] ?? null) : null;
              const delta = deltas?.[c.key];
              return (
                <Table.Td
                  key={c.key}
                  ta={numeric ? 'right' : 'left'}
                  data-column={c.label}
                  data-value={total ?? undefined}
                  style={{ whiteSpace: 'nowrap' }}
                  title={total !== null ? figureTitle(rangeEstimated) : undefined}
                >
                  {n === 0 && !numeric ? 'Total' : numeric ? (n === 0 ? `Total: ${cell(c, total)}` : cell(c, total)) : ''}
                  {n === 0 && !numeric && rangeEstimated && (
                    <Badge
                      ml={6}
                      size="xs"
                      variant="light"
                      color="yellow"
                      fs="normal"
                      title="Estimated: includes figures that may still change"
                    >
                      Est.
                    </Badge>
                  )}
                  {total !== null && delta !== undefined && (
                    <Text
                      size="xs"
                      fw={500}
                      data-testid="report-change"
                      c={delta.kind !== 'change' || delta.ratio === 0 ? 'dimmed' : delta.ratio > 0 ? 'teal.9' : 'red.9'}
                      title={`Change against the ${compareLabel === 'previous' ? 'previous period' : `${compareLabel} period`}`}
                    >
                      {delta.kind === 'change' ? `${describeChange(delta)} vs ${compareLabel}` : describeChange(delta)}
                    </Text>
                  )}
                </Table.Td>
              );
            })}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
