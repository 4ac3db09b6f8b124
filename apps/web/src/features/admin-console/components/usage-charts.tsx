import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { UsageReport } from '@pc/contracts';
import { LazyTimeSeriesChart } from '../../../components/ui/charts/lazy-time-series-chart';
import { formatCount } from '../../../lib/format/number-format';

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700}>
        {formatCount(value)}
      </Text>
    </Paper>
  );
}

/** The range's totals (active users, events, page views) and its daily active users and events per day. */
export function UsageCharts({ report }: { report: UsageReport }) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Figure label="Active users" value={report.totals.activeUsers} />
        <Figure label="Events" value={report.totals.events} />
        <Figure label="Page views" value={report.totals.pageViews} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="md" radius="md">
          <Title order={3} size="h5" mb="xs">
            Daily active users
          </Title>
          <LazyTimeSeriesChart
            ariaLabel="Daily active users per day"
            data={report.daily.map((d) => ({ x: d.day, users: d.activeUsers }))}
            series={[{ key: 'users', label: 'Active users', color: 'blue.6' }]}
            valueFormatter={(v) => formatCount(v)}
            height={220}
          />
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Title order={3} size="h5" mb="xs">
            Events per day
          </Title>
          <LazyTimeSeriesChart
            ariaLabel="Events per day"
            data={report.daily.map((d) => ({ x: d.day, events: d.events }))}
            series={[{ key: 'events', label: 'Events', color: 'teal.6' }]}
            valueFormatter={(v) => formatCount(v)}
            height={220}
          />
        </Paper>
      </SimpleGrid>
    </>
  );
}
