import { Anchor, Group, Skeleton, Text } from '@mantine/core';
import { Link } from 'react-router';
import { revenueChangeEndpoints, type RevenueChangeQuery } from '@pc/contracts';
import { useEndpoint } from '../../lib/endpoints';
import { revenueChangeSentence } from '@pc/contracts';
import { reportLink } from '../../lib/report-links';

interface ChangeSentenceProps {
  publisherId: string;
  /** null while the days are not known yet (the home summary is loading). */
  query: RevenueChangeQuery | null;
  /** The sentence's label: "Yesterday", "Month to date". */
  label: string;
  link: { to: string; text: string };
  testId: string;
}

/**
 * One sentence on why revenue moved (the product type on the site that moved most and what moved
 * it), in the revenue's colour, with a link to the report of the same days.
 */
function ChangeSentence({ publisherId, query, label, link, testId }: ChangeSentenceProps) {
  const { data, error, isLoading } = useEndpoint(revenueChangeEndpoints.get, publisherId, query ? { query } : null);
  if (!query || isLoading) return <Skeleton h={16} w="60%" data-testid={`${testId}-loading`} />;
  // The figures stand without it: a failed explanation says so in a line, not an alert.
  if (error || !data)
    return (
      <Text size="sm" c="dimmed" data-testid={testId}>
        Why revenue moved could not be worked out just now.
      </Text>
    );
  const ratio = data.ratio ?? 0;
  return (
    <Group gap="xs" wrap="wrap" data-testid={testId}>
      <Text size="sm" fw={600} c={ratio > 0 ? 'teal.9' : ratio < 0 ? 'red.9' : undefined}>
        {revenueChangeSentence(label, data)}
      </Text>
      <Anchor component={Link} size="sm" to={link.to}>
        {link.text}
      </Anchor>
    </Group>
  );
}

/** Under the revenue figures: why yesterday's revenue moved against the day before, linking to the report. */
export function WhatChanged({ publisherId, yesterday }: { publisherId: string; yesterday: string | undefined }) {
  return (
    <ChangeSentence
      publisherId={publisherId}
      query={yesterday ? { from: yesterday, to: yesterday, compare: 'previous' } : null}
      label="Yesterday"
      link={{ to: reportLink('revenue', { preset: 'yesterday', chartMetric: 'revenue' }), text: "Open yesterday's report" }}
      testId="home-what-changed"
    />
  );
}

/**
 * In the month-to-date card: why month to date moved against the same days of the previous month,
 * the comparison the card's percentage makes (the "This month" preset compared with the previous
 * period), linking to the month-to-date report.
 */
export function MonthToDateChange({ publisherId, monthToDate }: { publisherId: string; monthToDate: { from: string; to: string } }) {
  return (
    <ChangeSentence
      publisherId={publisherId}
      query={{ from: monthToDate.from, to: monthToDate.to, preset: 'thisMonth', compare: 'previous' }}
      label="Month to date"
      link={{ to: reportLink('revenue', { preset: 'thisMonth', chartMetric: 'revenue' }), text: 'Open the month-to-date report' }}
      testId="home-mtd-what-changed"
    />
  );
}
