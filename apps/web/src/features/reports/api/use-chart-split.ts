import { useMemo } from 'react';
import type { DimensionKey, ReportType } from '@pc/contracts';
import { usePublisherDetails } from '../../../lib/data/use-publisher-data';
import { splitRankQuery, splitSeriesQuery, splitTopN, topLabels } from '../state/chart-split';
import type { DayRange } from '../state/date-presets';
import type { BuilderState } from '../state/report-query';
import { siteIdsByName } from './use-dimension-values';
import { useReportResult } from './use-report-data';

/**
 * The chart split by `dimension` (null: not split): the top values by the chart metric over the
 * range, their series, and one "Other" series for everything else. Three
 * ordinary report calls, so the lines use exactly the table's figures.
 */
export function useChartSplit(type: ReportType, publisherId: string, range: DayRange, state: BuilderState, dimension: DimensionKey | null) {
  const details = usePublisherDetails(publisherId);
  const rankQuery = useMemo(
    () => (dimension ? splitRankQuery(type, publisherId, range, state, dimension) : null),
    [type, publisherId, range, state, dimension],
  );
  const rank = useReportResult(publisherId, rankQuery);
  const labels = useMemo(
    () => (dimension && rank.data ? topLabels(rank.data, dimension, state.chartMetric, splitTopN(range, state.interval === 'Month')) : []),
    [dimension, rank.data, state.chartMetric, range, state.interval],
  );
  // Rows show site names; filters need site ids (a site without a name shows its id).
  const filterValues = useMemo(() => {
    if (dimension !== 'sites') return labels;
    const ids = siteIdsByName(details.data?.sites);
    return labels.flatMap((l) => ids.get(l) ?? [l]);
  }, [dimension, labels, details.data?.sites]);
  const ready = dimension !== null && labels.length > 0;
  const split = useReportResult(
    publisherId,
    useMemo(
      () => (ready ? splitSeriesQuery(type, publisherId, range, state, dimension, filterValues, 'only') : null),
      [ready, type, publisherId, range, state, dimension, filterValues],
    ),
  );
  const more = (rank.data?.totalRows ?? 0) > labels.length;
  const other = useReportResult(
    publisherId,
    useMemo(
      () => (ready && more ? splitSeriesQuery(type, publisherId, range, state, dimension, filterValues, 'others') : null),
      [ready, more, type, publisherId, range, state, dimension, filterValues],
    ),
  );
  return {
    labels,
    hasOther: more,
    rank: rank.data,
    split: split.data,
    other: other.data,
    error: rank.error ?? split.error ?? other.error,
    isLoading: dimension !== null && (!rank.data || (ready && (!split.data || (more && !other.data)))),
  };
}
