import { Alert, Card, Group, Select, Skeleton, Text, Title } from '@mantine/core';
import { METRICS, REPORT_DEFINITIONS, type MetricKey, type ReportResult, type ReportType } from '@pc/contracts';
import { LazyTimeSeriesChart } from '../../../components/ui/charts/lazy-time-series-chart';
import { formatCell, formatDay, formatMonth } from '../../../lib/format/number-format';
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
}

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
      x: monthly ? formatMonth(p) : formatDay(p).replace(/, \d{4}$/, ''),
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
      {error ? (
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
