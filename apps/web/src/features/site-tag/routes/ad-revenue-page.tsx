import { useEffect } from 'react';
import { Link } from 'react-router';
import { Badge, Button, Card, Grid, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Routes, TrackingEvents, type AdRevenueOverview, type TaggedSite, type VitalRating } from '@pc/contracts';
import { LazyTimeSeriesChart } from '../../../components/ui/charts/lazy-time-series-chart';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { useChosenPublisherId } from '../../../lib/chosen-publisher';
import { usePublisherDetails } from '../../../lib/data/use-publisher-data';
import { changeRatio, formatChange, formatCount, formatDay, formatMoney, formatPercent } from '../../../lib/format/number-format';
import { ReportParams } from '../../../lib/report-links';
import { track } from '../../../lib/tracking/track';
import { useAdRevenue, useTaggedSites } from '../api/site-tag-api';
import { KpiCard } from '../components/kpi-card';
import { EstimateMark } from '../components/estimate-mark';
import { PageRpmCell } from '../components/page-rpm-cell';
import { SampledNotice } from '../components/sampled-notice';
import { SiteRangeToolbar } from '../components/site-range-toolbar';
import { RATING_COLORS, RATING_LABELS } from '../components/vital-format';
import { useTagRange, type TagRange } from '../state/tag-range';
import { LoadingSkeleton } from '../../../components/ui/loading-skeleton';

/** The revenue report on the same days (custom range). */
export function revenueReportLink(range: TagRange): string {
  const p = new URLSearchParams({ [ReportParams.preset]: 'custom', [ReportParams.from]: range.from, [ReportParams.to]: range.to });
  return `${Routes.revenueSummary}?${p.toString()}`;
}

/** /ad-revenue: revenue trend, top sites and products, movers and page RPM (revenue per thousand tag page views). */
export function AdRevenuePage() {
  const publisherId = useChosenPublisherId();
  const { preset, range, siteId, update } = useTagRange();
  const sites = useTaggedSites(publisherId);
  const details = usePublisherDetails(publisherId);
  const rev = useAdRevenue(publisherId, range, siteId);

  useEffect(() => {
    if (publisherId) track(TrackingEvents.adRevenueView, { publisherId });
  }, [publisherId]);

  if (!publisherId) return null;
  const currency = details.data?.currency ?? 'USD';
  return (
    <Stack gap="lg">
      <PageHeader
        title="Ad Revenue"
        purpose="What your sites earn and what each thousand page views is worth (page RPM), with what slow pages cost."
        action={
          <Button component={Link} to={revenueReportLink(range)} variant="default">
            Open the revenue report
          </Button>
        }
      />
      <SiteRangeToolbar sites={sites.data} siteId={siteId} preset={preset} range={range} onChange={update} />
      <SampledNotice sites={sites.data} siteId={siteId} />
      {rev.error ? (
        <LoadErrorAlert title="The ad revenue overview could not be loaded" message={rev.error.message} onRetry={() => void rev.mutate()} />
      ) : (
        <AdRevenueBody data={rev.data} currency={currency} rates={sampleRates(sites.data)} />
      )}
    </Stack>
  );
}

/** Each site's sample rate (one page load in N), for the rows' estimate marks. */
type Rates = ReadonlyMap<string, number>;
const sampleRates = (sites: readonly TaggedSite[] | undefined): Rates => new Map(sites?.map((s) => [s.id, s.sampleOneIn]));
const VIEWS_AND_RPM = 'Page views and page RPM';

function AdRevenueBody({ data, currency, rates }: { data: AdRevenueOverview | undefined; currency: string; rates: Rates }) {
  const money = (v: number | null) => formatMoney(v, currency);
  const t = data?.totals;
  const loading = !data;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <KpiCard
          label="Revenue"
          value={t?.revenue}
          previous={t?.previousRevenue}
          format={money}
          loading={loading}
          hint="Estimated days included"
        />
        <KpiCard label="Page views" value={t?.pageViews} format={formatCount} loading={loading} hint="Counted by the site tag" />
        <KpiCard
          label="Page RPM"
          value={t?.pageRpm}
          format={money}
          loading={loading}
          hint="Revenue per thousand page views, on days whose revenue is in"
        />
      </SimpleGrid>
      {!data ? (
        <LoadingSkeleton label="Loading the ad revenue overview" h={260} />
      ) : data.totals.revenue === 0 && data.totals.pageViews === 0 ? (
        <EmptyState title="No revenue or page views in this period">
          Revenue appears once your sites serve ads; page views once the site tag is installed (see Audience Overview). Choose a longer
          period or another site.
        </EmptyState>
      ) : (
        <>
          <LazyTimeSeriesChart
            ariaLabel="Revenue per day"
            data={data.series.map((s) => ({ x: formatDay(s.date), revenue: s.revenue }))}
            series={[{ key: 'revenue', label: 'Revenue', color: 'brand.6' }]}
            valueFormatter={(v) => money(v)}
          />
          <SitesTable data={data} money={money} rates={rates} />
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 5 }}>
              <ProductsTable data={data} money={money} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 7 }}>
              <RpmByLcp data={data} money={money} rates={rates} />
            </Grid.Col>
          </Grid>
        </>
      )}
    </Stack>
  );
}

const SITE_COLUMNS: DataColumn[] = [
  { key: 'site', header: 'Site' },
  { key: 'revenue', header: 'Revenue', align: 'right' },
  { key: 'change', header: 'Change', align: 'right' },
  { key: 'pageViews', header: 'Page views', align: 'right' },
  { key: 'pageRpm', header: 'Page RPM', align: 'right' },
];

function SitesTable({ data, money, rates }: { data: AdRevenueOverview; money: (v: number | null) => string; rates: Rates }) {
  const movers = [...data.sites]
    .map((s) => ({ ...s, delta: s.revenue - s.previousRevenue }))
    .filter((s) => s.previousRevenue > 0 && s.delta !== 0)
    .sort((a, b) => Math.abs(b.delta) - Math.abs(a.delta));
  return (
    <Card withBorder>
      <Title order={2} size="h5" mb="xs">
        Top sites
      </Title>
      {movers[0] && (
        <Text size="sm" mb="xs">
          Biggest mover: <strong>{movers[0].name}</strong>, {movers[0].delta > 0 ? 'up' : 'down'} {money(Math.abs(movers[0].delta))} (
          {formatChange(changeRatio(movers[0].revenue, movers[0].previousRevenue))}) on the previous period.
        </Text>
      )}
      <DataTable label="Top sites" columns={SITE_COLUMNS} minWidth={620} verticalSpacing={6}>
        {data.sites.map((s) => {
          const change = changeRatio(s.revenue, s.previousRevenue);
          return (
            <Table.Tr key={s.siteId}>
              <Table.Td>
                {s.name}
                <EstimateMark oneIn={rates.get(s.siteId)} what={VIEWS_AND_RPM} />
              </Table.Td>
              <Table.Td ta="right">{money(s.revenue)}</Table.Td>
              <Table.Td ta="right">
                <Text size="sm" c={change === null ? 'dimmed' : change >= 0 ? 'teal' : 'red'}>
                  {formatChange(change)}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{formatCount(s.pageViews)}</Table.Td>
              <Table.Td ta="right">
                <PageRpmCell site={s} money={money} />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </DataTable>
    </Card>
  );
}

const PRODUCT_COLUMNS: DataColumn[] = [
  { key: 'product', header: 'Product' },
  { key: 'revenue', header: 'Revenue', align: 'right' },
  { key: 'share', header: 'Share', align: 'right' },
];

function ProductsTable({ data, money }: { data: AdRevenueOverview; money: (v: number | null) => string }) {
  const total = data.products.reduce((a, p) => a + p.revenue, 0);
  return (
    <Card withBorder h="100%">
      <Title order={2} size="h5" mb="xs">
        Products
      </Title>
      {/* About the three columns' own width: it scrolls only where it would have overflowed its card. */}
      <DataTable label="Revenue by product" columns={PRODUCT_COLUMNS} minWidth={280} verticalSpacing={6}>
        {data.products.map((p) => (
          <Table.Tr key={p.product}>
            <Table.Td>{p.product}</Table.Td>
            <Table.Td ta="right">{money(p.revenue)}</Table.Td>
            <Table.Td ta="right">{formatPercent(total ? p.revenue / total : null)}</Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    </Card>
  );
}

const RATINGS: VitalRating[] = ['good', 'needs-improvement', 'poor'];
const RATING_COLUMNS: DataColumn[] = [
  { key: 'site', header: 'Site' },
  ...RATINGS.map((r) => ({
    key: r,
    header: (
      <Badge variant="light" color={RATING_COLORS[r]}>
        {RATING_LABELS[r]}
      </Badge>
    ),
    align: 'right' as const,
  })),
];

function RpmByLcp({ data, money, rates }: { data: AdRevenueOverview; money: (v: number | null) => string; rates: Rates }) {
  const names = new Map(data.sites.map((s) => [s.siteId, s.name]));
  const siteIds = [...new Set(data.rpmByLcp.map((b) => b.siteId))];
  const cell = new Map(data.rpmByLcp.map((b) => [`${b.siteId}|${b.rating}`, b]));
  return (
    <Card withBorder h="100%">
      <Title order={2} size="h5">
        Page RPM by LCP
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        Each site-day is rated by its page load speed (LCP at p75): what a thousand page views earned on fast and on slow days.
      </Text>
      <DataTable
        label="Page RPM by LCP"
        columns={RATING_COLUMNS}
        minWidth={480}
        verticalSpacing={6}
        rowCount={siteIds.length}
        empty="No page speed measured in this period: it comes from the site tag."
      >
        {siteIds.map((id) => (
          <Table.Tr key={id}>
            <Table.Td>
              {names.get(id) ?? id}
              <EstimateMark oneIn={rates.get(id)} what={VIEWS_AND_RPM} />
            </Table.Td>
            {RATINGS.map((r) => {
              const b = cell.get(`${id}|${r}`);
              return (
                <Table.Td key={r} ta="right">
                  {b ? (
                    <>
                      <Text size="sm">{money(b.pageRpm)}</Text>
                      <Text size="xs" c="dimmed">
                        {formatCount(b.pageViews)} views
                      </Text>
                    </>
                  ) : (
                    '—'
                  )}
                </Table.Td>
              );
            })}
          </Table.Tr>
        ))}
      </DataTable>
    </Card>
  );
}
