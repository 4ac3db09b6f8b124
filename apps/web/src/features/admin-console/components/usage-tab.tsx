import { Skeleton, Stack, Text } from '@mantine/core';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { UsageCharts } from './usage-charts';
import { UsageFilters } from './usage-filters';
import { UsageTables } from './usage-tables';
import { useUsageTab } from './use-usage-tab';

/**
 * Usage analytics from the first-party /mp events (UTC days): daily active users and events over a
 * chosen range, events by name, pages by views, per partner and per user type; CSV export.
 */
export function UsageTab() {
  const state = useUsageTab();
  const { valid } = state;
  const { data, error, isLoading, mutate } = state.report;
  return (
    <Stack>
      <UsageFilters state={state} />
      {!valid && (
        <Text c="red" size="sm" role="alert">
          Choose a start date on or before the end date.
        </Text>
      )}
      {error && <LoadErrorAlert title="Usage could not be loaded" message={error.message} onRetry={() => void mutate()} />}
      {valid && !error && (isLoading || !data) && <Skeleton h={320} />}
      {data && data.totals.events === 0 && (
        <EmptyState title="No usage in this range">
          Events appear here as people use the product. Widen the dates or clear a filter.
        </EmptyState>
      )}
      {data && data.totals.events > 0 && (
        <>
          <UsageCharts report={data} />
          <UsageTables report={data} />
        </>
      )}
    </Stack>
  );
}
