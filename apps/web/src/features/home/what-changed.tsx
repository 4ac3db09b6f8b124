import { Anchor, Group, Skeleton, Text } from '@mantine/core';
import { Link } from 'react-router';
import { revenueChangeEndpoints } from '@pc/contracts';
import { useEndpoint } from '../../lib/endpoints';
import { revenueChangeSentence } from '@pc/contracts';
import { reportLink } from '../../lib/report-links';

/**
 * Under the revenue figures: why yesterday's revenue moved against the day before, in one sentence
 * (the product type on the site that moved most and what moved it), linking to the report.
 */
export function WhatChanged({ publisherId, yesterday }: { publisherId: string; yesterday: string | undefined }) {
  const input = yesterday ? { query: { from: yesterday, to: yesterday, compare: 'previous' as const } } : null;
  const { data, error, isLoading } = useEndpoint(revenueChangeEndpoints.get, publisherId, input);
  if (!yesterday || isLoading) return <Skeleton h={16} w="60%" />;
  // The figures above stand without it: a failed explanation says so in a line, not an alert.
  if (error || !data)
    return (
      <Text size="sm" c="dimmed" data-testid="home-what-changed">
        Why revenue moved could not be worked out just now.
      </Text>
    );
  const ratio = data.ratio ?? 0;
  return (
    <Group gap="xs" wrap="wrap" data-testid="home-what-changed">
      <Text size="sm" fw={600} c={ratio > 0 ? 'teal.9' : ratio < 0 ? 'red.9' : undefined}>
        {revenueChangeSentence('Yesterday', data)}
      </Text>
      <Anchor component={Link} size="sm" to={reportLink('revenue', { preset: 'yesterday', chartMetric: 'revenue' })}>
        Open yesterday's report
      </Anchor>
    </Group>
  );
}
