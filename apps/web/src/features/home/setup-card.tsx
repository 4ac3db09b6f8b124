import { Link } from 'react-router';
import { Anchor, Card, Group, Progress, Skeleton, Text } from '@mantine/core';
import { Routes, setupEndpoints, setupProgress } from '@pc/contracts';
import { useEndpoint } from '../../lib/endpoints';
import { CardLoadError } from './card-load-error';

/**
 * Home: the setup checklist's progress (GET /api/setup; home does not import the setup feature),
 * shown until every step is done. A failed load hides nothing else on home: it says so in the card.
 */
export function SetupCard({ publisherId }: { publisherId: string }) {
  const { data, error, isLoading, mutate } = useEndpoint(setupEndpoints.checklist, publisherId, {});
  if (data?.complete) return null;
  const next =
    data &&
    [...data.account, ...data.sites.flatMap((s) => s.steps.map((st) => ({ ...st, title: `${st.title} (${s.siteName})` })))].find(
      (s) => !s.done,
    );
  return (
    <Card role="region" aria-label="Setup checklist">
      <Group justify="space-between">
        <Text size="xs" tt="uppercase" fw={600} c="dimmed">
          Setup
        </Text>
        <Anchor component={Link} to={Routes.cloudSetup} size="sm">
          Continue setup
        </Anchor>
      </Group>
      {error ? (
        <CardLoadError what="The setup checklist" error={error} onRetry={() => void mutate()} />
      ) : isLoading || !data ? (
        <Skeleton h={40} mt="sm" />
      ) : (
        <>
          <Text fw={700} mt="sm" data-testid="home-setup-progress">
            {data.done} of {data.total} steps done
          </Text>
          <Progress value={setupProgress(data)} mt={6} aria-label={`Setup progress: ${setupProgress(data)}%`} />
          {next && (
            <Text size="sm" c="dimmed" mt={6}>
              Next: {next.title}
            </Text>
          )}
        </>
      )}
    </Card>
  );
}
