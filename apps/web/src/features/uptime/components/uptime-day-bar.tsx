import { Box, Group, Text, Tooltip } from '@mantine/core';
import type { MonitorStats } from '@pc/contracts';
import { formatUptime, uptimeColor } from '../state/monitor-format';
import { last30Days } from '../state/stats-series';

/** Uptime per day over 30 days; each day is focusable and names its figure (tooltip and label). */
export function UptimeDayBar({ daily }: { daily: MonitorStats['daily'] }) {
  const days = last30Days(daily);
  return (
    <div>
      <Group gap={3} wrap="nowrap" role="list" aria-label="Uptime per day, last 30 days">
        {days.map((d) => {
          const label = `${d.day}: ${d.checks === 0 ? 'no checks' : `${formatUptime(d.uptime)} of ${d.checks} checks`}`;
          return (
            <Tooltip key={d.day} label={label} withArrow>
              <Box
                role="listitem"
                aria-label={label}
                tabIndex={0}
                h={32}
                style={{ flex: 1, minWidth: 4, borderRadius: 2 }}
                bg={uptimeColor(d.checks === 0 ? null : d.uptime)}
              />
            </Tooltip>
          );
        })}
      </Group>
      <Group justify="space-between" mt={4}>
        <Text size="xs" c="dimmed">
          30 days ago
        </Text>
        <Text size="xs" c="dimmed">
          Today
        </Text>
      </Group>
    </div>
  );
}
