import { Link } from 'react-router';
import { Anchor, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { DEFAULT_REPORTING_TIME_ZONE, Routes, siteTagEndpoints, todayIn } from '@pc/contracts';
import { useEndpoint } from '../../lib/endpoints';
import { changeRatio, formatChange, formatCount } from '../../lib/format/number-format';
import { CardLoadError } from './card-load-error';

const shift = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

function Figure({ label, value, previous }: { label: string; value: number; previous: number }) {
  const change = changeRatio(value, previous);
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700}>{formatCount(value)}</Text>
      <Text size="xs" c={change === null ? 'dimmed' : change >= 0 ? 'teal.9' : 'red.9'}>
        {change === null ? 'No earlier data' : `${formatChange(change)} on the previous 7 days`}
      </Text>
    </Stack>
  );
}

/** Home: the last 7 days of the site tag (from /api/site-tag/audience; home does not import the site-tag feature). */
export function AudienceCard({ publisherId }: { publisherId: string }) {
  const today = todayIn(DEFAULT_REPORTING_TIME_ZONE);
  const query = { from: shift(today, -6), to: today };
  const { data, error, isLoading, mutate } = useEndpoint(siteTagEndpoints.audience, publisherId, { query });
  return (
    <Card role="region" h="100%" aria-label="Audience summary">
      <Group justify="space-between">
        <Text size="xs" tt="uppercase" fw={600} c="dimmed">
          Audience, last 7 days
        </Text>
        <Group gap="sm">
          <Anchor component={Link} to={Routes.performance} size="sm">
            Performance
          </Anchor>
          <Anchor component={Link} to={Routes.adRevenue} size="sm">
            Page RPM
          </Anchor>
        </Group>
      </Group>
      {error ? (
        <CardLoadError what="The audience" error={error} onRetry={() => void mutate()} />
      ) : isLoading || !data ? (
        <Skeleton h={50} mt="sm" />
      ) : data.totals.pageViews === 0 && data.previous.pageViews === 0 ? (
        <Stack gap="xs" mt="sm" align="flex-start">
          <Text size="sm">No page views from the site tag yet. Install it on your sites to see your audience and page speed here.</Text>
          <Button component={Link} to={`${Routes.audienceOverview}#site-tag-setup`} size="xs" variant="light">
            Install the site tag
          </Button>
        </Stack>
      ) : (
        <Group grow mt="sm" align="start">
          <Figure label="Page views" value={data.totals.pageViews} previous={data.previous.pageViews} />
          <Figure label="Unique visitors" value={data.totals.visitors} previous={data.previous.visitors} />
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              Audience
            </Text>
            <Anchor component={Link} to={Routes.audienceOverview} size="sm" fw={600}>
              Open the audience overview
            </Anchor>
          </Stack>
        </Group>
      )}
    </Card>
  );
}
