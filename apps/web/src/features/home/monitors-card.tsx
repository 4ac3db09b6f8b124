import useSWR from 'swr';
import { Link } from 'react-router';
import { Anchor, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Routes } from '@pc/contracts';
import { apiFetcher, type ApiKey } from '../../lib/api';
import { swrOptions } from '../../lib/swr-options';

/** Home: how many of the partner's uptime monitors are down (from /api/monitors/summary; home does not import the uptime feature). */
export function MonitorsCard({ publisherId }: { publisherId: string }) {
  const { data, error, isLoading, mutate } = useSWR<{ down: number; total: number }, Error, ApiKey>(
    ['monitors/summary', publisherId],
    apiFetcher,
    // Down is live news: refresh while home is open (the scheduler checks every minute at the least).
    { ...swrOptions, refreshInterval: 60_000 },
  );
  return (
    <Card h="100%" aria-label="Uptime monitors summary">
      <Group justify="space-between">
        <Text size="xs" tt="uppercase" fw={600} c="dimmed">
          Uptime monitors
        </Text>
        {data && data.total > 0 && (
          <Anchor component={Link} to={`${Routes.uptimeMonitoring}?status=down`} size="sm">
            Monitors down
          </Anchor>
        )}
      </Group>
      {error ? (
        <Stack gap={4} mt="sm" align="start">
          <Text size="sm">Monitors could not be loaded: {error.message}</Text>
          <Button variant="subtle" size="compact-sm" px={0} onClick={() => void mutate()}>
            Try again
          </Button>
        </Stack>
      ) : isLoading || !data ? (
        <Skeleton h={50} mt="sm" data-testid="home-monitors-loading" />
      ) : data.total === 0 ? (
        <Stack gap={4} mt="sm" align="start">
          <Text size="sm">No monitor watches your sites yet.</Text>
          <Button component={Link} to={Routes.uptimeMonitoringNew} variant="subtle" size="compact-sm" px={0}>
            Create a monitor
          </Button>
        </Stack>
      ) : (
        <>
          <Group grow mt="sm" align="start">
            <Stack gap={2}>
              <Text size="xs" c="dimmed">
                Down
              </Text>
              <Text fw={700} c={data.down > 0 ? 'red' : undefined} data-testid="home-monitors-down">
                {data.down}
              </Text>
            </Stack>
            <Stack gap={2}>
              <Text size="xs" c="dimmed">
                Monitors
              </Text>
              <Text fw={700} data-testid="home-monitors-total">
                {data.total}
              </Text>
            </Stack>
          </Group>
          <Text size="xs" c="dimmed" mt={4}>
            {data.down === 0 ? 'Every monitor that runs is up.' : `${data.down} of ${data.total} monitors need a look.`}
          </Text>
        </>
      )}
    </Card>
  );
}
