import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Button, Grid, SimpleGrid, Stack, Text } from '@mantine/core';
import { TrackingEvents, type AudienceOverview } from '@pc/contracts';
import { LazyTimeSeriesChart } from '../../../components/ui/charts/lazy-time-series-chart';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { useChosenPublisherId } from '../../../lib/chosen-publisher';
import { formatCount, formatDay } from '../../../lib/format/number-format';
import { track } from '../../../lib/tracking/track';
import { useAudience, useTaggedSites } from '../api/site-tag-api';
import { KpiCard } from '../components/kpi-card';
import { RankedTable } from '../components/ranked-table';
import { SampledNotice } from '../components/sampled-notice';
import { RefusedNotice } from '../components/refused-notice';
import { SiteRangeToolbar } from '../components/site-range-toolbar';
import { TagSetupCard } from '../components/tag-setup-card';
import { useTagRange } from '../state/tag-range';
import { LoadingSkeleton } from '../../../components/ui/loading-skeleton';

/** The four page-view breakdowns shown side by side under the top pages and sources. */
const breakdowns = (data: AudienceOverview) => [
  { title: 'Devices', rows: data.devices, empty: 'No devices yet.' },
  { title: 'Browsers', rows: data.browsers, empty: 'No browsers yet.' },
  { title: 'Countries', rows: data.countries, empty: "No country known: it comes from your CDN's country header." },
  { title: 'Campaigns (UTM)', rows: data.campaigns, empty: 'No utm_campaign in this period.' },
];

const scrollToSetup = () => document.getElementById('site-tag-setup')?.scrollIntoView({ behavior: 'smooth' });

/** /audience-overview: page views, visitors, engagement, sources and audience, from the site tag. */
export function AudienceOverviewPage() {
  const publisherId = useChosenPublisherId();
  const { preset, range, siteId, update } = useTagRange();
  const sites = useTaggedSites(publisherId);
  const audience = useAudience(publisherId, range, siteId);

  useEffect(() => {
    if (publisherId) track(TrackingEvents.overviewView, { publisherId, view: 'audience-overview' });
  }, [publisherId]);
  // The home card links to the set-up: #site-tag-setup.
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === '#site-tag-setup') scrollToSetup();
  }, [hash]);

  if (!publisherId) return null;
  const noTag = sites.data !== undefined && !sites.data.some((s) => s.eventTrackerDataReceived);
  return (
    <Stack gap="lg">
      <PageHeader
        title="Audience Overview"
        purpose="Who visits your sites, where they come from and how they engage, measured by the site tag without cookies."
        action={
          <Button variant="default" onClick={scrollToSetup}>
            Site tag setup
          </Button>
        }
      />
      <SiteRangeToolbar sites={sites.data} siteId={siteId} preset={preset} range={range} onChange={update} />
      <SampledNotice sites={sites.data} siteId={siteId} />
      {audience.error ? (
        <LoadErrorAlert
          title="The audience overview could not be loaded"
          message={audience.error.message}
          onRetry={() => void audience.mutate()}
        />
      ) : noTag ? (
        <EmptyState title="No data from the site tag yet" action={<Button onClick={scrollToSetup}>Install the site tag</Button>}>
          Install the tag on your sites (below): page views, visitors, sources and devices appear here within seconds of the first visit.
        </EmptyState>
      ) : (
        <AudienceBody data={audience.data} loading={audience.isLoading} />
      )}
      <TagSetupCard publisherId={publisherId} />
    </Stack>
  );
}

function AudienceBody({ data, loading }: { data: AudienceOverview | undefined; loading: boolean }) {
  const t = data?.totals;
  const p = data?.previous;
  const seconds = (v: number | null) => (v === null ? '—' : v >= 60 ? `${Math.floor(v / 60)} min ${Math.round(v % 60)} s` : `${v} s`);
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }}>
        <KpiCard label="Page views" value={t?.pageViews} previous={p?.pageViews} format={formatCount} loading={loading} />
        <KpiCard
          label="Unique visitors"
          value={t?.visitors}
          previous={p?.visitors}
          format={formatCount}
          loading={loading}
          hint={data ? `Approximate (±${Math.round(data.visitorsRelativeError * 100)} %), counted per day without cookies` : undefined}
        />
        <KpiCard
          label="Visits"
          value={t?.visits}
          previous={p?.visits}
          format={formatCount}
          loading={loading}
          hint="Arrivals from outside the site"
        />
        <KpiCard
          label="Engaged time"
          value={t?.avgEngagedSeconds}
          previous={p?.avgEngagedSeconds}
          format={seconds}
          loading={loading}
          hint="Average visible time per page"
        />
        <KpiCard
          label="Scroll depth"
          value={t?.avgScrollDepth}
          previous={p?.avgScrollDepth}
          format={(v) => (v === null ? '—' : `${Math.round(v)}%`)}
          loading={loading}
          hint="Average deepest point reached"
        />
      </SimpleGrid>
      <RefusedNotice refused={data?.refusedEvents} />
      {loading || !data ? (
        <LoadingSkeleton label="Loading the audience overview" h={260} />
      ) : data.totals.pageViews === 0 ? (
        <EmptyState title="No page views in this period">
          The tag sent nothing for this site and period. Choose a longer period or another site, or check the site tag setup below.
        </EmptyState>
      ) : (
        <>
          <LazyTimeSeriesChart
            ariaLabel="Page views and unique visitors per day"
            data={data.series.map((s) => ({ x: formatDay(s.date), pageViews: s.pageViews, visitors: s.visitors }))}
            series={[
              { key: 'pageViews', label: 'Page views', color: 'brand.6' },
              { key: 'visitors', label: 'Unique visitors', color: 'teal.6' },
            ]}
            valueFormatter={(v) => formatCount(v)}
          />
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 6 }}>
              <RankedTable
                title="Top pages"
                valueLabel="Page views"
                empty="No pages yet."
                rows={data.topPages.map((r) => ({ key: r.key, label: r.key, value: r.value }))}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <RankedTable
                title="Sources"
                valueLabel="Visits"
                empty="No visits yet."
                rows={data.sources.map((r) => ({ key: `${r.source}|${r.medium}`, label: r.source, detail: r.medium, value: r.value }))}
              />
            </Grid.Col>
            {breakdowns(data).map((b) => (
              <Grid.Col key={b.title} span={{ base: 12, md: 6, lg: 3 }}>
                <RankedTable
                  title={b.title}
                  valueLabel="Page views"
                  empty={b.empty}
                  rows={b.rows.map((r) => ({ key: r.key, label: r.key, value: r.value }))}
                />
              </Grid.Col>
            ))}
          </Grid>
          <Text size="xs" c="dimmed">
            Visitors are counted with a daily-rotating salted hash: no cookie is set and IP addresses are never stored.
          </Text>
        </>
      )}
    </Stack>
  );
}
