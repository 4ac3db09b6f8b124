import useSWR from 'swr';
import { Link } from 'react-router';
import { Anchor, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Routes } from '@pc/contracts';
import { apiFetcher, type ApiKey } from '../../lib/api';
import { swrOptions } from '../../lib/swr-options';
import { CardLoadError } from './card-load-error';

/** Home: open and acknowledged incidents (from /api/incidents/summary; home does not import the incidents feature). */
export function IncidentsCard({ publisherId }: { publisherId: string }) {
  const { data, error, isLoading, mutate } = useSWR<{ open: number; acknowledged: number }, Error, ApiKey>(
    ['incidents/summary', publisherId],
    apiFetcher,
    swrOptions,
  );
  return (
    <Card h="100%" aria-label="Incidents summary">
      <Group justify="space-between">
        <Text size="xs" tt="uppercase" fw={600} c="dimmed">
          Incidents
        </Text>
        <Anchor component={Link} to={`${Routes.incidents}?status=open`} size="sm">
          Open incidents
        </Anchor>
      </Group>
      {error ? (
        <CardLoadError what="Incidents" error={error} onRetry={() => void mutate()} />
      ) : isLoading || !data ? (
        <Skeleton h={50} mt="sm" />
      ) : (
        <Group grow mt="sm" align="start">
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              Open
            </Text>
            <Text fw={700} c={data.open > 0 ? 'red' : undefined} data-testid="home-open-incidents">
              {data.open}
            </Text>
          </Stack>
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              Acknowledged
            </Text>
            <Text fw={700} data-testid="home-acknowledged-incidents">
              {data.acknowledged}
            </Text>
          </Stack>
        </Group>
      )}
      {data && data.open + data.acknowledged === 0 && (
        <Text size="xs" c="dimmed" mt={4}>
          Nothing needs your attention.
        </Text>
      )}
    </Card>
  );
}
