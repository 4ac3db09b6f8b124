import { useMemo } from 'react';
import { Stack } from '@mantine/core';
import type { ReportType } from '@pc/contracts';
import { changeRatio } from '../../../lib/format/number-format';
import { previousRange, type DayRange } from '../api/date-presets';
import { timelineQuery, type BuilderState, type ReportApiQuery } from '../api/report-query';
import { useReportResult } from '../api/use-report-data';
import { ReportBuilder } from './report-builder';
import { ReportChart } from './report-chart';
import { ReportResults } from './report-results';

export interface ReportWorkspaceProps {
  type: ReportType;
  label: string;
  publisherId: string;
  state: BuilderState;
  range: DayRange;
  tableQuery: ReportApiQuery;
  update: (patch: Partial<BuilderState>) => void;
}

/** tab_0: builder, chart with the previous-period comparison, results table. */
export function ReportWorkspace({ type, label, publisherId, state, range, tableQuery, update }: ReportWorkspaceProps) {
  const previous = useMemo(() => previousRange(range), [range]);
  const table = useReportResult(publisherId, tableQuery);
  const now = useReportResult(
    publisherId,
    useMemo(() => timelineQuery(type, publisherId, range, state), [type, publisherId, range, state]),
  );
  const before = useReportResult(
    publisherId,
    useMemo(() => timelineQuery(type, publisherId, previous, state), [type, publisherId, previous, state]),
  );

  // Totals of this period against the previous one, from the two dimensionless queries (the same
  // figures the table's totals show, computed over the same grain on both sides).
  const deltas = useMemo(() => {
    if (!now.data || !before.data) return undefined;
    const out: Record<string, number | null> = {};
    for (const key of state.metrics) out[key] = changeRatio(now.data.totals[key], before.data.totals[key]);
    return out;
  }, [now.data, before.data, state.metrics]);

  const currency = table.data?.currency ?? now.data?.currency ?? 'USD';
  return (
    <Stack gap="md">
      <ReportBuilder type={type} state={state} range={range} onChange={update} />
      <ReportChart
        type={type}
        metric={state.chartMetric}
        onMetric={(chartMetric) => update({ chartMetric })}
        monthly={state.interval === 'Month'}
        range={range}
        previous={previous}
        current={now.data}
        prior={before.data}
        error={now.error}
        currency={currency}
      />
      <ReportResults
        data={table.data}
        error={table.error}
        isLoading={table.isLoading}
        isValidating={table.isValidating}
        retry={() => void table.mutate()}
        sort={state.sort}
        onSort={(sort) => update({ sort })}
        deltas={deltas}
        label={label}
        onTryLast30={state.preset === 'last30' ? undefined : () => update({ preset: 'last30', custom: null })}
      />
    </Stack>
  );
}
