import { Card, Group, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { MonitorRangeSchema, type Monitor, type MonitorRange } from '@pc/contracts';
import { LazyTimeSeriesChart } from '../../../components/ui/charts/lazy-time-series-chart';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import type { useMonitorIncidents, useMonitorResults, useMonitorStats } from '../api/monitors-api';
import { formatMs } from '../state/monitor-format';
import { chartRows } from '../state/stats-series';
import { MonitorIncidents } from './monitor-incidents';
import { RecentChecks } from './recent-checks';
import { UptimeDayBar } from './uptime-day-bar';
import { LoadingSkeleton } from '../../../components/ui/loading-skeleton';

const RANGES = MonitorRangeSchema.options.map((r) => ({ value: r, label: r }));

/** The response-time chart of the chosen range and the uptime of each day. */
export function ResponseTimeCard({
  monitor,
  stats,
  range,
  onRange,
}: {
  monitor: Monitor;
  stats: ReturnType<typeof useMonitorStats>;
  range: MonitorRange;
  onRange: (r: MonitorRange) => void;
}) {
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Response time
          </Title>
          <SegmentedControl size="xs" value={range} onChange={(v) => onRange(v as MonitorRange)} data={RANGES} aria-label="Chart range" />
        </Group>
        {stats.error ? (
          <LoadErrorAlert
            title="The response times could not be loaded"
            message={stats.error.message}
            onRetry={() => void stats.mutate()}
          />
        ) : !stats.data ? (
          <LoadingSkeleton label="Loading chart" h={240} />
        ) : stats.data.series.length === 0 ? (
          <Text size="sm" c="dimmed">
            No checks in this range yet.
          </Text>
        ) : (
          <LazyTimeSeriesChart
            height={240}
            data={chartRows(stats.data)}
            series={[{ key: 'avgMs', label: 'Average response time', color: 'blue.6' }]}
            valueFormatter={formatMs}
            ariaLabel={`Average response time of ${monitor.name} over ${range}`}
          />
        )}
        <Title order={3} size="h5" mt="sm">
          Uptime per day
        </Title>
        {stats.data ? <UptimeDayBar daily={stats.data.daily} /> : <Skeleton h={32} />}
      </Stack>
    </Card>
  );
}

/** The monitor's incidents. */
export function IncidentsCard({ incidents }: { incidents: ReturnType<typeof useMonitorIncidents> }) {
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Incidents
        </Title>
        {incidents.error ? (
          <LoadErrorAlert
            title="The incidents could not be loaded"
            message={incidents.error.message}
            onRetry={() => void incidents.mutate()}
          />
        ) : incidents.data ? (
          <MonitorIncidents incidents={incidents.data} />
        ) : (
          <Skeleton h={60} />
        )}
      </Stack>
    </Card>
  );
}

/** The monitor's latest stored checks. */
export function RecentChecksCard({ results }: { results: ReturnType<typeof useMonitorResults> }) {
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Recent checks
        </Title>
        {results.error ? (
          <LoadErrorAlert title="The checks could not be loaded" message={results.error.message} onRetry={() => void results.mutate()} />
        ) : results.data ? (
          <RecentChecks results={results.data} />
        ) : (
          <Skeleton h={120} />
        )}
      </Stack>
    </Card>
  );
}
