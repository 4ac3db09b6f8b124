import { useState } from 'react';
import { Badge, Card, Code, Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { SitePerformance, WebVitalName } from '@pc/contracts';
import { LazyTimeSeriesChart } from '../../../components/ui/charts/lazy-time-series-chart';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { useChosenPublisherId } from '../../../lib/chosen-publisher';
import { formatCount, formatDay } from '../../../lib/format/number-format';
import { usePerformance, useTaggedSites } from '../api/site-tag-api';
import { SiteRangeToolbar } from '../components/site-range-toolbar';
import { TagSetupCard } from '../components/tag-setup-card';
import { RATING_COLORS, RATING_LABELS, VITAL_LABELS, VITAL_ORDER, formatVital, thresholdText } from '../components/vital-format';
import { VitalTable } from '../components/vital-table';
import { useTagRange } from '../state/tag-range';
import { LoadingSkeleton } from '../../../components/ui/loading-skeleton';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';

const WORST_PAGE_COLUMNS: DataColumn[] = [
  { key: 'page', header: 'Page' },
  { key: 'lcp', header: 'LCP (p75)', align: 'right' },
  { key: 'rating', header: 'Rating' },
  { key: 'element', header: 'LCP element' },
  { key: 'samples', header: 'Page loads', align: 'right' },
];

/** /performance: Core Web Vitals at the 75th percentile, per site, device, page template and day; worst pages first. */
export function PerformancePage() {
  const publisherId = useChosenPublisherId();
  const { preset, range, siteId, update } = useTagRange();
  const sites = useTaggedSites(publisherId);
  const perf = usePerformance(publisherId, range, siteId);
  if (!publisherId) return null;
  const empty = perf.data && perf.data.overall.length === 0;
  return (
    <Stack gap="lg">
      <PageHeader
        title="Performance"
        purpose="How fast your pages feel to real visitors: Core Web Vitals at the 75th percentile, rated by Google's published thresholds."
      />
      <SiteRangeToolbar sites={sites.data} siteId={siteId} preset={preset} range={range} onChange={update} />
      {perf.error ? (
        <LoadErrorAlert title="Performance could not be loaded" message={perf.error.message} onRetry={() => void perf.mutate()} />
      ) : !perf.data ? (
        <LoadingSkeleton label="Loading performance" gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }}>
            {VITAL_ORDER.map((m) => (
              <Skeleton key={m} h={110} />
            ))}
          </SimpleGrid>
          <Skeleton h={260} />
        </LoadingSkeleton>
      ) : empty ? (
        <>
          <EmptyState title="No Core Web Vitals in this period">
            Vitals are measured by the site tag in your visitors&apos; browsers. Install the tag (below), or choose a longer period or
            another site.
          </EmptyState>
          <TagSetupCard publisherId={publisherId} />
        </>
      ) : (
        <PerformanceBody data={perf.data} />
      )}
    </Stack>
  );
}

function PerformanceBody({ data }: { data: SitePerformance }) {
  const [metric, setMetric] = useState<WebVitalName>('LCP');
  const overall = new Map(data.overall.map((v) => [v.metric, v]));
  const series = data.series.filter((s) => s.metric === metric);
  return (
    <Stack gap="lg">
      <Text size="xs" c="dimmed">
        Percentiles are over the page loads the tag recorded: on a sampled site (see its sample rate in the site tag setup) they are not
        weighted, as a sample stands for the whole.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }}>
        {VITAL_ORDER.map((m) => {
          const v = overall.get(m);
          return (
            <Card withBorder key={m} role="group" aria-label={m}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600} title={VITAL_LABELS[m]}>
                {m}
              </Text>
              <Group gap="xs" mt={4} align="baseline">
                <Text fw={700} size="xl">
                  {formatVital(m, v?.p75)}
                </Text>
                {v && (
                  <Badge variant="light" color={RATING_COLORS[v.rating]}>
                    {RATING_LABELS[v.rating]}
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed" mt={4}>
                {VITAL_LABELS[m]}. {thresholdText(m)}. {v ? `${formatCount(v.samples)} page loads.` : 'Not measured.'}
              </Text>
            </Card>
          );
        })}
      </SimpleGrid>
      <Card withBorder>
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h5">
            {metric} over time (p75)
          </Title>
          <SegmentedControl
            size="xs"
            aria-label="Metric"
            data={VITAL_ORDER}
            value={metric}
            onChange={(v) => setMetric(v as WebVitalName)}
          />
        </Group>
        <LazyTimeSeriesChart
          ariaLabel={`${VITAL_LABELS[metric]} at the 75th percentile per day`}
          data={series.map((s) => ({ x: formatDay(s.date), p75: s.p75 }))}
          series={[{ key: 'p75', label: `${metric} p75`, color: 'brand.6' }]}
          valueFormatter={(v) => formatVital(metric, v)}
        />
      </Card>
      <VitalTable title="By device" groupLabel="Device" rows={data.byDevice} groupOf={(r) => ('device' in r ? r.device : '')} />
      <VitalTable
        title="By page template"
        groupLabel="Template"
        rows={data.byTemplate}
        groupOf={(r) => ('template' in r ? r.template : '')}
      />
      <Card withBorder>
        <Title order={2} size="h5" mb="xs">
          Slowest pages (LCP)
        </Title>
        <Text size="sm" c="dimmed" mb="xs">
          The element is what the browser reported as the largest content: usually the image or heading to optimise.
        </Text>
        <DataTable label="Slowest pages" columns={WORST_PAGE_COLUMNS} minWidth={560} verticalSpacing={6}>
          {data.worstPages.map((w) => (
            <Table.Tr key={w.path}>
              <Table.Td style={{ wordBreak: 'break-all' }}>{w.path}</Table.Td>
              <Table.Td ta="right">{formatVital('LCP', w.p75Lcp)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={RATING_COLORS[w.rating]}>
                  {RATING_LABELS[w.rating]}
                </Badge>
              </Table.Td>
              <Table.Td>{w.element ? <Code>{w.element}</Code> : '—'}</Table.Td>
              <Table.Td ta="right">{formatCount(w.samples)}</Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      </Card>
    </Stack>
  );
}
