import { Badge } from '@mantine/core';
import type { ReportResult } from '@pc/contracts';
import { RowCards, type RowCard } from '../../../components/ui/data-table';
import { EMPTY_CELL, formatCell } from '../../../lib/format/number-format';
import { splitColumns } from '../state/column-order';

type Row = ReportResult['rows'][number];

const ESTIMATED = 'Estimated: may still change';

/**
 * The results on a phone: one card per row, titled by its date and dimension values, with each
 * chosen metric as a label and value; the totals come last as their own card.
 */
export function ReportRowCards({ result, caption, today }: { result: ReportResult; caption: string; today?: string }) {
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
  return <RowCards label={caption} cards={cards} />;
}
