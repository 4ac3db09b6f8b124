import { useState } from 'react';
import { Alert, Button, Card, Group, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import type { PeriodChange, ReportResult } from '@pc/contracts';
import { EmptyState } from '../../../components/ui/empty-state';
import { formatCount, formatDay } from '../../../lib/format/number-format';
import { addDays } from '../state/date-presets';
import { usePhoneLayout } from '../hooks/use-phone-layout';
import { ReportRowCards } from './report-row-cards';
import { ReportTable, type SortState } from './report-table';
import { LoadingSkeleton } from '../../../components/ui/loading-skeleton';

export interface ReportResultsProps {
  data: ReportResult | undefined;
  error: (Error & { fields?: Record<string, string> }) | undefined;
  isLoading: boolean;
  /** A changed query is loading while the previous answer is still shown. */
  isValidating: boolean;
  retry: () => void;
  sort: SortState | null;
  onSort: (s: SortState) => void;
  deltas?: Record<string, PeriodChange | undefined>;
  compareLabel?: string;
  label: string;
  onDrill?: (row: ReportResult['rows'][number]) => void;
  /** Today in the reporting zone (its row is marked as a partial day). */
  today?: string;
  /** Offered in the empty state: switch to a range that has figures. */
  onTryLast30?: () => void;
}

function TableSkeleton() {
  return (
    <LoadingSkeleton label="Loading the report" gap={6}>
      <Skeleton h={32} />
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} h={24} />
      ))}
    </LoadingSkeleton>
  );
}

/** Loading, error, empty and filled states of the results table, with its notes. */
export function ReportResults(props: ReportResultsProps) {
  const { data, error, retry, label } = props;
  const phone = usePhoneLayout();
  const [layout, setLayout] = useState<'cards' | 'table'>('cards');
  if (error && !data) {
    const fieldText = error.fields ? Object.values(error.fields).join(' ') : '';
    return (
      <Alert color="red" role="alert" title="The report could not be loaded">
        <Stack gap="xs">
          <Text size="sm">{fieldText || error.message}</Text>
          <Text size="sm">Check the dates and choices above, then try again. If it keeps failing, try a shorter range.</Text>
          <Button size="xs" variant="light" color="red" w="fit-content" onClick={retry}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  // Only a first load shows the skeleton: SWR reports isLoading for every new key (a sort, a filter)
  // even while the previous answer stays shown, and unmounting the table then would drop the focus
  // of the header just clicked.
  if (!data) return <TableSkeleton />;
  if (data.totalRows === 0)
    return (
      <EmptyState
        title="No data for this range"
        action={
          props.onTryLast30 && (
            <Button variant="light" onClick={props.onTryLast30}>
              Show the last 30 days
            </Button>
          )
        }
      >
        There are no figures for these dates and choices. Figures arrive daily up to yesterday: try a longer range, such as the last 30
        days, or fewer dimensions.
      </EmptyState>
    );

  const truncated = data.totalRows > data.rows.length;
  const anyEstimated = data.rows.some((r) => r.estimated === true);
  return (
    <Card p="sm" aria-busy={props.isValidating}>
      <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
        <Text size="sm" c="dimmed" data-testid="report-row-count">
          {truncated
            ? `Showing ${formatCount(data.rows.length)} of ${formatCount(data.totalRows)} rows. The totals cover all rows; export the report for every row.`
            : `${formatCount(data.totalRows)} ${data.totalRows === 1 ? 'row' : 'rows'}`}
        </Text>
        {data.estimatedFrom ? (
          <Text size="xs" c="yellow.9" fs="italic" data-testid="estimated-legend">
            Estimated: figures after {formatDay(addDays(data.estimatedFrom, -1))} may still change
            {anyEstimated ? ' (rows in italics, marked Est.)' : ''}.
          </Text>
        ) : (
          <Text size="xs" c="dimmed" data-testid="estimated-legend">
            Finalized: every figure here is final.
          </Text>
        )}
      </Group>
      {phone && (
        <SegmentedControl
          size="xs"
          mb="xs"
          aria-label="Show rows as"
          data={[
            { value: 'cards', label: 'Cards' },
            { value: 'table', label: 'Table' },
          ]}
          value={layout}
          onChange={(v) => setLayout(v === 'table' ? 'table' : 'cards')}
        />
      )}
      {phone && layout === 'cards' ? (
        <ReportRowCards result={data} caption={`${label} results`} today={props.today} sort={props.sort} onSort={props.onSort} />
      ) : (
        <ResultsTable {...props} data={data} />
      )}
    </Card>
  );
}

/** The table layout, with its drill-down hint. */
function ResultsTable(props: ReportResultsProps & { data: ReportResult }) {
  return (
    <>
      {props.onDrill && (
        <Text size="xs" c="dimmed" mb={4}>
          Click a row to drill down: it becomes a filter and the report splits by the next dimension.
        </Text>
      )}
      <ReportTable
        result={props.data}
        sort={props.sort}
        onSort={props.onSort}
        deltas={props.deltas}
        compareLabel={props.compareLabel}
        caption={`${props.label} results`}
        onDrill={props.onDrill}
        today={props.today}
      />
    </>
  );
}
