import { useMemo, useState } from 'react';
import { Stack } from '@mantine/core';
import type { DimensionKey, ReportResult, ReportType } from '@pc/contracts';
import { usePublisherDetails } from '../../../lib/data/use-publisher-data';
import { COMPARE_LABELS, totalsChanges } from '../state/comparison';
import { previousRange, reportingToday, type DayRange } from '../state/date-presets';
import { drillDown, timelineQuery, type BuilderState, type ReportApiQuery } from '../state/report-query';
import { siteIdsByName } from '../api/use-dimension-values';
import { useReportResult } from '../api/use-report-data';
import { useChartSplit } from '../api/use-chart-split';
import { ReportBuilder } from './report-builder';
import { ReportChart } from './report-chart';
import { ReportResults } from './report-results';
import { SavedReportsPanel } from './saved-reports-panel';
import { RevenueChangePanel, changeQuery } from './revenue-change-panel';

export interface ReportWorkspaceProps {
  type: ReportType;
  label: string;
  publisherId: string;
  state: BuilderState;
  range: DayRange;
  tableQuery: ReportApiQuery;
  update: (patch: Partial<BuilderState>) => void;
  /** True while a custom range is half picked. */
  onPicking?: (picking: boolean) => void;
  /** The publisher's reporting time zone. */
  timeZone: string;
  onTimeZoneSaved: () => void;
}

/** tab_0: builder, chart with the chosen comparison, results table with drill-down. */
export function ReportWorkspace(props: ReportWorkspaceProps) {
  const { type, label, publisherId, state, range, tableQuery, update, onPicking, timeZone } = props;
  const previous = useMemo(
    () => previousRange(range, state.compare, state.compareCustom, state.preset),
    [range, state.compare, state.compareCustom, state.preset],
  );
  const today = reportingToday(timeZone);
  const [splitBy, setSplitBy] = useState<DimensionKey | null>(null);
  const split = useChartSplit(type, publisherId, range, state, splitBy);
  const details = usePublisherDetails(publisherId);
  const table = useReportResult(publisherId, tableQuery);
  const now = useReportResult(
    publisherId,
    useMemo(() => timelineQuery(type, publisherId, range, state), [type, publisherId, range, state]),
  );
  const before = useReportResult(
    publisherId,
    useMemo(() => timelineQuery(type, publisherId, previous, state), [type, publisherId, previous, state]),
  );

  // Totals of this period against the comparison period, from the two dimensionless queries (the
  // same figures the table's totals show); no percentage when either side is not whole.
  const deltas = useMemo(
    () => totalsChanges(state.metrics, range, previous, now.data, before.data, today),
    [state.metrics, range, previous, now.data, before.data, today],
  );

  const onDrill = (row: ReportResult['rows'][number]) => {
    const names = siteIdsByName(details.data?.sites);
    const values: Partial<Record<DimensionKey, string[]>> = {};
    for (const d of state.dimensions) {
      const v = row[d];
      if (typeof v !== 'string') continue;
      // Rows show site names; the filter needs ids (a site without a name shows its id).
      values[d] = d === 'sites' ? (names.get(v) ?? [v]) : [v];
    }
    update({ ...drillDown(type, state, values), sort: null });
  };

  const currency = table.data?.currency ?? now.data?.currency ?? 'USD';
  return (
    <Stack gap="md">
      <ReportBuilder
        type={type}
        publisherId={publisherId}
        state={state}
        range={range}
        compared={previous}
        onChange={update}
        onPicking={onPicking}
        timeZone={timeZone}
        onTimeZoneSaved={props.onTimeZoneSaved}
      />
      <SavedReportsPanel type={type} publisherId={publisherId} state={state} timeZone={timeZone} onOpen={(patch) => update({ ...patch })} />
      <ReportChart
        type={type}
        metric={state.chartMetric}
        onMetric={(chartMetric) => update({ chartMetric })}
        monthly={state.interval === 'Month'}
        range={range}
        previous={previous}
        previousLabel={COMPARE_LABELS[state.compare].option}
        current={now.data}
        prior={before.data}
        error={now.error}
        currency={currency}
        splitBy={splitBy}
        onSplitBy={setSplitBy}
        split={split}
      />
      {type === 'revenue' && <RevenueChangePanel publisherId={publisherId} query={changeQuery(range, state)} />}
      <ReportResults
        data={table.data}
        error={table.error}
        isLoading={table.isLoading}
        isValidating={table.isValidating}
        retry={() => void table.mutate()}
        sort={state.sort}
        onSort={(sort) => update({ sort })}
        deltas={deltas}
        compareLabel={COMPARE_LABELS[state.compare].vs}
        label={label}
        onDrill={state.dimensions.length > 0 ? onDrill : undefined}
        today={today}
        onTryLast30={state.preset === 'last30' ? undefined : () => update({ preset: 'last30', custom: null })}
      />
    </Stack>
  );
}
