import { LoadErrorAlert } from '../../components/ui/load-error-alert';
import { useEffect, type ComponentType } from 'react';
import { Button, Card, Grid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Routes, TrackingEvents } from '@pc/contracts';
import { useChosenPublisherId } from '../../lib/chosen-publisher';
import { usePublisherDetails } from '../../lib/data/use-publisher-data';
import { PageHeader } from '../../components/ui/page-header';
import { AdsTxtCard } from './adstxt-card';
import { AudienceCard } from './audience-card';
import { IncidentsCard } from './incidents-card';
import { MonitorsCard } from './monitors-card';
import { PaymentsCard } from './payments-card';
import { RevenueAtRiskCard } from './revenue-at-risk-card';
import { SitesCard } from './sites-card';
import { SetupCard } from './setup-card';
import { AreaLinks } from './area-links';
import { RevenueKpis } from './revenue-kpis';
import { WhatChanged } from './what-changed';
import { RevenueTrendCard } from './revenue-trend-card';
import { useHomeSummary } from './use-home-summary';
import { OfflineBanner } from './offline-banner';
import { track } from '../../lib/tracking/track';
import { FlagKeys } from '../../lib/feature-flags/feature-areas';
import { useFeatureFlags } from '../../lib/feature-flags/use-feature-flags';

/** Home (/): the chosen publisher at a glance, from the API only (no invented figures); each KPI links into its report. */
export function HomePage() {
  const publisherId = useChosenPublisherId();
  const { data, error, isLoading, mutate } = usePublisherDetails(publisherId);
  const summary = useHomeSummary(publisherId);
  const flags = useFeatureFlags();

  useEffect(() => {
    if (publisherId) track(TrackingEvents.overviewView, { publisherId });
  }, [publisherId]);

  return (
    <Stack gap="lg">
      <PageHeader
        title={data ? data.name : 'Dashboard'}
        purpose="Your partner account at a glance: revenue, sites, settings and every area of the portal."
        action={
          <Button component={Link} to={Routes.revenueSummary}>
            Open reports
          </Button>
        }
      />
      <OfflineBanner />
      {error && <LoadErrorAlert title="The partner details could not be loaded" message={error.message} onRetry={() => void mutate()} />}
      {publisherId && <SetupCard publisherId={publisherId} />}
      <RevenueKpis
        data={summary.data}
        error={summary.error}
        isLoading={summary.isLoading}
        retry={() => void summary.mutate()}
        publisherId={publisherId ?? undefined}
      />
      {publisherId && !summary.error && <WhatChanged publisherId={publisherId} yesterday={summary.data?.yesterday.date} />}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <RevenueTrendCard data={summary.data} isLoading={summary.isLoading} error={summary.error} retry={() => void summary.mutate()} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <PartnerCard data={data} loading={isLoading} />
        </Grid.Col>
      </Grid>
      {publisherId && (
        <Grid gap="lg">
          {areaCards(flags.enabled(FlagKeys.uptimeMonitoring, true)).map(([key, AreaCard]) => (
            <Grid.Col key={key} span={{ base: 12, md: 6 }}>
              <AreaCard publisherId={publisherId} />
            </Grid.Col>
          ))}
        </Grid>
      )}
      <SitesCard sites={data?.sites} loading={isLoading} />
      <AreaLinks />
    </Stack>
  );
}

/** The area cards under the revenue trend, two to a row on wide screens; uptime only while its flag is on. */
const areaCards = (uptime: boolean): [string, ComponentType<{ publisherId: string }>][] => [
  ['revenue-at-risk', RevenueAtRiskCard],
  ['payments', PaymentsCard],
  ['audience', AudienceCard],
  ['incidents', IncidentsCard],
  ['adstxt', AdsTxtCard],
  ...(uptime ? [['monitors', MonitorsCard] as [string, ComponentType<{ publisherId: string }>]] : []),
];

/** Who the partner is: name, id, currency and direct deals, with a link to the company details. */
function PartnerCard({ data, loading }: { data: ReturnType<typeof usePublisherDetails>['data']; loading: boolean }) {
  return (
    <Card h="100%">
      <Text size="xs" tt="uppercase" fw={600} c="dimmed">
        Partner
      </Text>
      {loading || !data ? (
        <Stack gap={8} mt="sm">
          <Skeleton h={20} w="70%" />
          <Skeleton h={14} w="50%" />
          <Skeleton h={14} w="40%" />
        </Stack>
      ) : (
        <Stack gap={6} mt="sm">
          <Title order={2} size="h4">
            {data.name}
          </Title>
          <Text size="sm">
            Partner id: <strong>{data.id}</strong>
          </Text>
          <Text size="sm">
            Currency: <strong>{data.currency}</strong>
          </Text>
          <Text size="sm">
            Direct deals: <strong>{data.has_direct ? 'Yes' : 'No'}</strong>
          </Text>
          <Button component={Link} to={Routes.accountSettings} variant="subtle" size="compact-sm" w="fit-content" px={0}>
            Company details
          </Button>
        </Stack>
      )}
    </Card>
  );
}
