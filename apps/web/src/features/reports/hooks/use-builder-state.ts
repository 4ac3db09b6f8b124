import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ReportType } from '@pc/contracts';
import { ReportParams, type ReportTab } from '../../../lib/report-links';
import { reportingToday } from '../state/date-presets';
import { parseBuilder, parseTab, resolveRange, writeBuilder, type BuilderState } from '../state/report-query';

/** A sort only survives while its column is still part of the report. */
function keepValidSort(s: BuilderState): BuilderState {
  if (!s.sort) return s;
  const columns: string[] = [...s.dimensions, ...s.metrics, s.interval === 'Day' ? 'date' : s.interval === 'Month' ? 'month' : ''];
  return columns.includes(s.sort.key) ? s : { ...s, sort: null };
}

/**
 * The builder and the tab, read from and written to the query string (so a reload or a shared
 * link shows the same report). Builder edits replace the history entry; tab switches push one.
 */
export function useBuilderState(type: ReportType, timeZone?: string) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseBuilder(type, params), [type, params]);
  const tab: ReportTab = parseTab(params);
  // Presets are resolved against today's date; re-resolved when the day changes, not every render.
  const today = reportingToday(timeZone);
  const range = useMemo(() => resolveRange(state, today), [state, today]);

  const update = useCallback(
    (patch: Partial<BuilderState>) =>
      setParams((prev) => writeBuilder(keepValidSort({ ...parseBuilder(type, prev), ...patch }), prev), { replace: true }),
    [setParams, type],
  );
  const setTab = useCallback(
    (next: ReportTab) =>
      setParams((prev) => {
        const p = new URLSearchParams(prev);
        p.set(ReportParams.tab, next);
        return p;
      }),
    [setParams],
  );
  return { state, range, tab, update, setTab };
}
