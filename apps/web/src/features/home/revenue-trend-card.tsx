import { Button, Card, Group, Skeleton, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { HomeSummary } from '@pc/contracts';
import { LazyTimeSeriesChart } from '../../components/ui/charts/lazy-time-series-chart';
import { formatDay, formatDayShort, formatMoney } from '../../lib/format/number-format';
import { reportLink } from '../../lib/report-links';
import { CardLoadError } from './card-load-error';

/**
 * Revenue of the last 30 days. Estimated days are drawn as a separate dashed line (sharing the
 * first estimated point's neighbour so the line stays continuous).
 */
export function RevenueTrendCard({
  data,
  isLoading,
  error,
  retry,
}: {
  data: HomeSummary | undefined;
  isLoading: boolean;
  error?: Error | undefined;
  retry?: () => void;
}) {
  const days = data?.last30Days ?? [];
  const firstEstimated = days.findIndex((d) => d.estimated);
  const points = days.map((d, i) => ({
    x: formatDayShort(d.date),
    revenue: firstEstimated === -1 || i < firstEstimated ? d.revenue : null,
    estimated: firstEstimated !== -1 && i >= firstEstimated - 1 ? d.revenue : null,
  }));
  const total = days.reduce((s, d) => s + d.revenue, 0);
  const link = reportLink('revenue', { preset: 'last30', interval: 'Day', chartMetric: 'revenue' });

  return (
    <Card component="section" aria-labelledby="revenue-trend-title">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <div>
          <Title order={2} size="h4" id="revenue-trend-title">
            Revenue, last 30 days
          </Title>
          {data && (
            <Text size="sm" c="dimmed">
              {formatMoney(total, data.currency)} in total
              {data.estimatedFrom ? ` · figures from ${formatDay(data.estimatedFrom)} are estimated and may still change` : ''}
            </Text>
          )}
        </div>
        <Button component={Link} to={link} variant="subtle" size="compact-sm">
          Open the report
        </Button>
      </Group>
      {error && !data ? (
        <CardLoadError what="The revenue trend" error={error} onRetry={() => retry?.()} />
      ) : isLoading || !data ? (
        <Skeleton h={220} data-testid="home-revenue-trend-loading" />
      ) : days.length === 0 ? (
        <Text size="sm" c="dimmed">
          No revenue has been recorded in the last 30 days. Daily figures appear here once your sites serve ads.
        </Text>
      ) : (
        <LazyTimeSeriesChart
          height={220}
          ariaLabel="Revenue per day over the last 30 days"
          data={points}
          series={[
            { key: 'revenue', label: 'Revenue', color: 'brand.6' },
            ...(firstEstimated !== -1 ? [{ key: 'estimated', label: 'Estimated', color: 'yellow.7', dashed: true }] : []),
          ]}
          valueFormatter={(v) => formatMoney(v, data.currency)}
        />
      )}
    </Card>
  );
}
