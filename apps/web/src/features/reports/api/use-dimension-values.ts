import { useMemo } from 'react';
import { REPORT_DEFINITIONS, type DimensionKey, type ReportType } from '@pc/contracts';
import { usePublisherDetails } from '../../../lib/data/use-publisher-data';
import type { DayRange } from '../state/date-presets';
import { toApiQuery } from '../state/report-query';
import { useReportResult } from './use-report-data';

export interface ValueOption {
  value: string;
  label: string;
}

/**
 * Values a dimension can be filtered by. Sites come from the account (filtered by id, shown by
 * name, inactive ones too: they may have figures in the range); every other dimension's values are
 * the ones with figures in the range, read with the report call itself, largest first.
 */
export function useDimensionValues(publisherId: string, type: ReportType, dimension: DimensionKey | null, range: DayRange) {
  const details = usePublisherDetails(dimension === 'sites' ? publisherId : null);
  const query = useMemo(
    () =>
      dimension && dimension !== 'sites'
        ? toApiQuery(type, publisherId, range, {
            dimensions: [dimension],
            metrics: [REPORT_DEFINITIONS[type].metrics[type === 'revenue' ? 1 : 0]!],
            interval: 'Cumulative',
          })
        : null,
    [dimension, type, publisherId, range],
  );
  const result = useReportResult(publisherId, query);
  const options = useMemo<ValueOption[]>(() => {
    if (dimension === 'sites') return (details.data?.sites ?? []).map((s) => ({ value: s.id, label: s.name }));
    if (!dimension) return [];
    const seen = new Set<string>();
    for (const row of result.data?.rows ?? []) {
      const v = row[dimension];
      if (typeof v === 'string') seen.add(v);
    }
    return [...seen].map((v) => ({ value: v, label: v === '' ? '(none)' : v }));
  }, [dimension, details.data, result.data]);
  const source = dimension === 'sites' ? details : result;
  return { options, isLoading: !source.data && !source.error && dimension !== null, error: source.error as Error | undefined };
}

/** Site name -> every site id with that name (rows show names; filters need ids). */
export function siteIdsByName(sites: readonly { id: string; name: string }[] | undefined): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const s of sites ?? []) out.set(s.name, [...(out.get(s.name) ?? []), s.id]);
  return out;
}
