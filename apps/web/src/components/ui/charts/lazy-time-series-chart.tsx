import { lazy, Suspense } from 'react';
import type { TimeSeriesChartProps } from './time-series-chart';
import { LoadingSkeleton } from '../loading-skeleton';

const Chart = lazy(() => import('./time-series-chart').then((m) => ({ default: m.TimeSeriesChart })));

/** The chart with its library fetched on first render; a skeleton of the same height meanwhile. */
export function LazyTimeSeriesChart(props: TimeSeriesChartProps) {
  return (
    <Suspense fallback={<LoadingSkeleton label="Loading chart" h={props.height ?? 260} />}>
      <Chart {...props} />
    </Suspense>
  );
}
