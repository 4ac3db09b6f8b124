import type { ReactNode } from 'react';
import { Alert, Badge, Box, Button, Card, Group, SimpleGrid, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { describeChange, type HomeSummary } from '@pc/contracts';
import { formatCount, formatDay, formatDayShort, formatMoney } from '../../lib/format/number-format';
import { reportLink } from '../../lib/report-links';
import { MonthToDateChange } from './what-changed';

/** A day is estimated when it is on or after the first not-yet-finalized day. */
export const isEstimated = (day: string, estimatedFrom: string | null) => estimatedFrom !== null && day >= estimatedFrom;

function EstimatedBadge() {
  return (
    <Badge size="xs" variant="light" color="yellow" title="Figures not finalized yet may still change">
      Estimated
    </Badge>
  );
}

function Kpi({
  title,
  to,
  value,
  children,
  estimated,
  footer,
}: {
  title: string;
  to: string;
  value: string;
  children: ReactNode;
  estimated: boolean;
  /** Below the figures, outside the card's link (it may hold links of its own). */
  footer?: ReactNode;
}) {
  const body = (
    <>
      <Group justify="space-between" gap="xs">
        <Text size="xs" tt="uppercase" fw={600} c="dimmed">
          {title}
        </Text>
        {estimated && <EstimatedBadge />}
      </Group>
      <Text fz={28} fw={700} mt={6} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
      <Text size="sm" c="dimmed" mt={4} component="div">
        {children}
      </Text>
    </>
  );
  const label = `${title}: ${value}. Open the report`;
  if (!footer)
    return (
      <UnstyledButton component={Link} to={to} style={{ display: 'block', height: '100%' }} aria-label={label}>
        <Card h="100%">{body}</Card>
      </UnstyledButton>
    );
  // A link inside a link is not valid HTML: the figures are the card's link, the footer sits under it.
  return (
    <Card h="100%">
      <UnstyledButton component={Link} to={to} style={{ display: 'block' }} aria-label={label}>
        {body}
      </UnstyledButton>
      <Box mt="sm">{footer}</Box>
    </Card>
  );
}

export interface RevenueKpisProps {
  data: HomeSummary | undefined;
  error: Error | undefined;
  isLoading: boolean;
  retry: () => void;
  /** With it, the month-to-date card says why month to date moved (what-changed.tsx). */
  publisherId?: string;
}

/**
 * Yesterday's revenue, month to date against the same days of last month (with why it moved),
 * yesterday's eCPM.
 */
export function RevenueKpis({ data, error, isLoading, retry, publisherId }: RevenueKpisProps) {
  if (error && !data)
    return (
      <Alert color="red" role="alert" title="Revenue figures could not be loaded">
        <Group gap="sm">
          <Text size="sm">{error.message}</Text>
          <Button size="xs" variant="light" color="red" onClick={retry}>
            Try again
          </Button>
        </Group>
      </Alert>
    );
  if (isLoading || !data)
    return (
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" role="region" aria-busy="true" aria-label="Loading revenue figures">
        {[0, 1, 2].map((i) => (
          <Card key={i}>
            <Skeleton h={12} w="50%" />
            <Skeleton h={30} w="70%" mt="sm" />
            <Skeleton h={12} w="60%" mt="sm" />
          </Card>
        ))}
      </SimpleGrid>
    );

  const { yesterday, monthToDate: mtd, currency, estimatedFrom } = data;
  const change = mtd.change;
  const ratio = change.kind === 'change' ? change.ratio : 0;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
      <Kpi
        title="Yesterday's revenue"
        to={reportLink('revenue', { preset: 'yesterday', chartMetric: 'revenue' })}
        value={formatMoney(yesterday.revenue, currency)}
        estimated={isEstimated(yesterday.date, estimatedFrom)}
      >
        {formatDay(yesterday.date)} · {formatCount(yesterday.impressions)} impressions
        <Text size="xs" c="dimmed" data-testid="home-time-zone">
          Days in {data.timeZone}, the reporting time zone
        </Text>
      </Kpi>
      <Kpi
        title="Month to date"
        to={reportLink('revenue', { preset: 'thisMonth', chartMetric: 'revenue' })}
        value={formatMoney(mtd.revenue, currency)}
        estimated={isEstimated(mtd.to, estimatedFrom)}
        footer={publisherId ? <MonthToDateChange publisherId={publisherId} monthToDate={mtd} /> : undefined}
      >
        <Group gap={6} wrap="wrap">
          {/* The report's wording for its "This month" (describeChange): a percentage, or why there is none. */}
          <Text span size="sm" fw={change.kind === 'change' ? 600 : 400} c={ratio > 0 ? 'teal.9' : ratio < 0 ? 'red.9' : 'dimmed'}>
            {describeChange(change)}
          </Text>
          <span>
            vs {formatMoney(mtd.previous.revenue, currency)} for {formatDayShort(mtd.previous.from)}–{formatDayShort(mtd.previous.to)}
          </span>
        </Group>
      </Kpi>
      <Kpi
        title="eCPM (yesterday)"
        to={reportLink('revenue', { preset: 'yesterday', chartMetric: 'eCpm' })}
        value={formatMoney(yesterday.eCpm, currency)}
        estimated={isEstimated(yesterday.date, estimatedFrom)}
      >
        Revenue per 1,000 impression requests · month to date {formatMoney(mtd.eCpm, currency)}
      </Kpi>
    </SimpleGrid>
  );
}
