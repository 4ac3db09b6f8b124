import { Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Monitor, MonitorStats } from '@pc/contracts';
import { formatDay } from '../../../lib/format/number-format';
import { certState, formatAgo, formatInterval, formatMs, formatUptime } from '../state/monitor-format';
import { StatusBadge } from './status-badge';

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/** Status, last check, certificate and uptime over the four ranges. */
export function MonitorSummary({ monitor: m, stats }: { monitor: Monitor; stats?: MonitorStats }) {
  const cert = certState(m.certExpiresAt, m.certExpiryDays);
  return (
    <Card withBorder>
      <Stack gap="md">
        <Group gap="md" align="center">
          <StatusBadge status={m.status} />
          <Text size="sm">
            Checked {formatAgo(m.lastCheckAt)} · every {formatInterval(m.intervalSeconds)} · last response {formatMs(m.lastResponseMs)}
          </Text>
          {cert && (
            <Text size="sm" c={cert.warning ? 'red' : undefined} fw={cert.warning ? 600 : undefined} data-testid="cert-expiry">
              Certificate: {cert.text.toLowerCase()} ({formatDay(m.certExpiresAt!.slice(0, 10))})
            </Text>
          )}
        </Group>
        {m.status === 'down' && m.lastError && (
          <Text size="sm" c="red" role="status">
            Last check failed: {m.lastError}
          </Text>
        )}
        <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }}>
          <Figure label="Uptime 24 h" value={formatUptime(stats?.uptime.h24 ?? m.uptime24h)} testId="uptime-24h" />
          <Figure label="Uptime 7 d" value={formatUptime(stats?.uptime.d7)} />
          <Figure label="Uptime 30 d" value={formatUptime(stats?.uptime.d30 ?? m.uptime30d)} />
          <Figure label="Uptime 365 d" value={formatUptime(stats?.uptime.d365)} />
          <Figure label="p50" value={formatMs(stats?.p50Ms)} />
          <Figure label="p95" value={formatMs(stats?.p95Ms)} />
          <Figure label="p99" value={formatMs(stats?.p99Ms)} />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
