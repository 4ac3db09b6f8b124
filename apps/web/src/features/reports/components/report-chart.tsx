import { Alert, Card, Group, Select, Skeleton, Text, Title } from '@mantine/core';
import {
  DIMENSIONS,
  METRICS,
  REPORT_DEFINITIONS,
  type DimensionKey,
  type MetricKey,
  type ReportResult,
  type ReportType,
} from '@pc/contracts';
import { OTHER_KEY, splitPoints } from '../state/chart-split';
import { LazyTimeSeriesChart } from '../../../components/ui/charts/lazy-time-series-chart';
import { formatCell, formatDay, formatDayShort, formatMonth } from '../../../lib/format/number-format';
import { daysOf, monthsOf, type DayRange } from '../state/date-presets';

export interface ReportChartProps {
  type: ReportType;
  metric: MetricKey;
  onMetric: (m: MetricKey) => void;
  monthly: boolean;
  range: DayRange;
  previous: DayRange;
  /** The comparison's name: "Previous period", "Same period last year"... */
  previousLabel?: string;
  current: ReportResult | undefined;
  prior: ReportResult | undefined;
  error: Error | undefined;
  currency: string;
  /** Split by a dimension: its top values plus Other; null shows one line. */
  splitBy?: DimensionKey | null;
  onSplitBy?: (d: DimensionKey | null) => void;
  split?: {
    labels: string[];
    hasOther: boolean;
    rank: ReportResult | undefined;
    split: ReportResult | undefined;
    other: ReportResult | undefined;
    error: Error | undefined;
    isLoading: boolean;
  };
}

const SPLIT_COLORS = ['brand.6', 'teal.6', 'orange.6', 'grape.6', 'cyan.7'];
const periodLabel = (monthly: boolean) => (p: string) => (monthly ? formatMonth(p) : formatDayShort(p));

/** Values of one metric keyed by day (YYYY-MM-DD) or month (YYYY-MM). */
function byPeriod(result: ReportResult | undefined, metric: MetricKey, monthly: boolean): Map<string, number | null> {
  const out = new Map<string, number | null>();
  for (const row of result?.rows ?? []) {
    const key = row[monthly ? 'month' : 'date'];
    const v = row[metric];
    if (typeof key === 'string') out.set(key, typeof v === 'number' ? v : null);
  }
  return out;
}

/**
 * Period i of this range against period i of the previous one (same length), so the two lines
 * share the x axis. Missing periods are gaps, not zeros: no data is not the same as nothing sold.
 */
export function chartPoints(opts: Pick<ReportChartProps, 'metric' | 'monthly' | 'range' | 'previous' | 'current' | 'prior'>) {
  const { metric, monthly, range, previous } = opts;
  const now = byPeriod(opts.current, metric, monthly);
  const before = byPeriod(opts.prior, metric, monthly);
  const periods = monthly ? monthsOf(range) : daysOf(range);
  const prevPeriods = monthly ? monthsOf(previous) : daysOf(previous);
  return periods.map((p, i) => {
    const prev = prevPeriods[i];
    return {
      x: monthly ? formatMonth(p) : formatDayShort(p),
      current: now.get(p) ?? null,
      previous: prev !== undefined ? (before.get(prev) ?? null) : null,
    };
  });
}

const rangeText = (r: DayRange) => (r.from === r.to ? formatDay(r.from) : `${formatDay(r.from)} – ${formatDay(r.to)}`);

/** The chosen metric over time, with the comparison period as a dashed line. */
export function ReportChart(props: ReportChartProps) {
  const { type, metric, onMetric, current, error, currency } = props;
  const def = METRICS[metric];
  const options = REPORT_DEFINITIONS[type].metrics.map((m) => ({ value: m, label: METRICS[m].label }));
  const splitOptions = [
    { value: 'none', label: 'Not split' },
    ...REPORT_DEFINITIONS[type].dimensions.map((d) => ({ value: d, label: `By ${DIMENSIONS[d].label}` })),
  ];
  const splitBy = props.splitBy ?? null;
  const split = props.split;
  return (
    <Card component="section" aria-labelledby="report-chart-title">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <div>
          <Title order={2} size="h5" id="report-chart-title">
            {def.label} over time
          </Title>
          <Text size="xs" c="dimmed">
            {rangeText(props.range)} compared with {rangeText(props.previous)}
          </Text>
        </div>
        <Group gap="xs">
          {props.onSplitBy && (
            <Select
              size="xs"
              aria-label="Split the chart"
              data={splitOptions}
              value={splitBy ?? 'none'}
              onChange={(v) => props.onSplitBy?.(v && v !== 'none' ? (v as DimensionKey) : null)}
              allowDeselect={false}
              w={170}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          <Select
            size="xs"
            aria-label="Chart metric"
            data={options}
            value={metric}
            onChange={(v) => v && onMetric(v as MetricKey)}
            allowDeselect={false}
            w={200}
            comboboxProps={{ withinPortal: true }}
          />
        </Group>
      </Group>
      {splitBy && split ? (
        <SplitChartBody {...props} splitBy={splitBy} split={split} />
      ) : error ? (
        <Alert color="red" variant="light">
          The chart could not be loaded: {error.message}
        </Alert>
      ) : !current ? (
        <Skeleton h={260} />
      ) : current.totalRows === 0 && (props.prior?.totalRows ?? 0) === 0 ? (
        <Text size="sm" c="dimmed" py="xl" ta="center">
          Nothing to chart: there are no figures for this range or the one before it.
        </Text>
      ) : (
        <LazyTimeSeriesChart
          ariaLabel={`${def.label} per ${props.monthly ? 'month' : 'day'}, ${rangeText(props.range)}, with the previous period`}
          data={chartPoints(props)}
          series={[
            { key: 'current', label: 'This period', color: 'brand.6' },
            { key: 'previous', label: props.previousLabel ?? 'Previous period', color: 'gray.5', dashed: true },
          ]}
          valueFormatter={(v) => formatCell(v, def.kind, currency)}
        />
      )}
    </Card>
  );
}

/** The chart split by a dimension: its top values and Other, no comparison line. */
function SplitChartBody(props: ReportChartProps & { splitBy: DimensionKey; split: NonNullable<ReportChartProps['split']> }) {
  const { metric, currency, splitBy, split } = props;
  const def = METRICS[metric];
  const splitUnavailable = split.rank ? (split.rank.unavailableMetrics as Record<string, string | undefined>)[metric] : undefined;
  return split.error ? (
    <Alert color="red" variant="light">
      The split chart could not be loaded: {split.error.message}
    </Alert>
  ) : splitUnavailable ? (
    <Text size="sm" c="dimmed" py="xl" ta="center" data-testid="chart-split-unavailable">
      {def.label} cannot be split by {DIMENSIONS[splitBy].label}: {splitUnavailable} Choose another metric or split.
    </Text>
  ) : split.isLoading ? (
    <Skeleton h={260} />
  ) : split.labels.length === 0 ? (
    <Text size="sm" c="dimmed" py="xl" ta="center">
      Nothing to chart: there are no figures for this range.
    </Text>
  ) : (
    <>
      <LazyTimeSeriesChart
        ariaLabel={`${def.label} per ${props.monthly ? 'month' : 'day'} by ${DIMENSIONS[splitBy].label}, ${rangeText(props.range)}: top ${split.labels.length}${split.hasOther ? ' and Other' : ''}`}
        data={splitPoints({
          dimension: splitBy,
          metric,
          monthly: props.monthly,
          range: props.range,
          labels: split.labels,
          split: split.split,
          other: split.hasOther ? split.other : undefined,
          periodLabel: periodLabel(props.monthly),
        })}
        series={[
          ...split.labels.map((label, i) => ({ key: `s${i}`, label, color: SPLIT_COLORS[i % SPLIT_COLORS.length]! })),
          ...(split.hasOther ? [{ key: OTHER_KEY, label: 'Other', color: 'gray.5', dashed: true }] : []),
        ]}
        valueFormatter={(v) => formatCell(v, def.kind, currency)}
      />
      <Text size="xs" c="dimmed" data-testid="chart-split-legend">
        Top {split.labels.length} by {def.label}: {split.labels.join(', ')}
        {split.hasOther ? '; Other is everything else' : ''}. No comparison line while split.
      </Text>
    </>
  );
}
