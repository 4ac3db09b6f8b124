import { lazy, Suspense } from 'react';
import { Skeleton } from '@mantine/core';
import type { TimeSeriesChartProps } from './time-series-chart';

const Chart = lazy(() => import('./time-series-chart').then((m) => ({ default: m.TimeSeriesChart })));

/** The chart with its library fetched on first render; a skeleton of the same height meanwhile. */
export function LazyTimeSeriesChart(props: TimeSeriesChartProps) {
  return (
    <Suspense fallback={<Skeleton h={props.height ?? 260} aria-label="Loading chart" />}>
      <Chart {...props} />
    </Suspense>
  );
}
