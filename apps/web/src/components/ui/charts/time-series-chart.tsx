import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';

export interface TimeSeries {
  key: string;
  label: string;
  color: string;
  dashed?: boolean;
}

export interface TimeSeriesChartProps {
  /** One point per period: `x` is the axis label, each series key holds a number or null (a gap). */
  data: Record<string, string | number | null>[];
  series: TimeSeries[];
  valueFormatter: (value: number) => string;
  height?: number;
  /** Describes the chart for screen readers (the figures are also in the table). */
  ariaLabel: string;
}

/**
 * A line chart over time (recharts through @mantine/charts). Loaded only through
 * lazy-time-series-chart, so the chart library and its CSS stay out of the first bundles.
 */
export function TimeSeriesChart({ data, series, valueFormatter, height = 260, ariaLabel }: TimeSeriesChartProps) {
  return (
    <div role="img" aria-label={ariaLabel}>
      <LineChart
        h={height}
        data={data}
        dataKey="x"
        series={series.map((s) => ({ name: s.key, label: s.label, color: s.color, strokeDasharray: s.dashed ? '5 5' : undefined }))}
        curveType="monotone"
        withLegend={series.length > 1}
        legendProps={{ verticalAlign: 'bottom', height: 40 }}
        withDots={data.length <= 31}
        connectNulls={false}
        valueFormatter={valueFormatter}
        yAxisProps={{ width: 80 }}
        gridAxis="y"
        tooltipAnimationDuration={120}
      />
    </div>
  );
}
