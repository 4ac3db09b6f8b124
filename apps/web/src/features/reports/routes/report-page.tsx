import { useEffect, useMemo, useState } from 'react';
import { Skeleton, Stack, Tabs } from '@mantine/core';
import { DEFAULT_REPORTING_TIME_ZONE, TrackingEvents, type ReportType } from '@pc/contracts';
import { PageHeader } from '../../../components/ui/page-header';
import { useChosenPublisherId } from '../../../lib/chosen-publisher';
import { hasActiveOrganicSite, usePublisherDetails } from '../../../lib/data/use-publisher-data';
import { useSignedIn } from '../../../lib/identity/auth-context';
import { useReportBanner } from '../../../lib/report-banner/report-banner-store';
import { track } from '../../../lib/tracking/track';
import { exportQuery, toApiQuery } from '../state/report-query';
import { useBuilderState } from '../hooks/use-builder-state';
import { useReportSettings } from '../hooks/use-saved-reports';
import { useReportList, useReportResult } from '../api/use-report-data';
import { ExportsList } from '../components/exports-list';
import { NoOrganicState } from '../components/no-organic-state';
import { ReportExportActions } from '../components/report-export-actions';
import { ReportWorkspace } from '../components/report-workspace';

const PAGES: Record<ReportType, { title: string; purpose: string }> = {
  revenue: {
    title: 'Revenue Summary',
    purpose: 'What your inventory earned: revenue, impressions and CPMs by site, product and period. Export or e-mail any report.',
  },
  recirculation: {
    title: 'Recirculation Summary',
    purpose: 'How recommendations keep readers on your sites: organic page views, clicks and CTR by site and widget.',
  },
};

/** The report page for both routes; `type` comes from the route (see the two exports below). */
export function ReportPage({ type }: { type: ReportType }) {
  const publisherId = useChosenPublisherId();
  const { user } = useSignedIn();
  const details = usePublisherDetails(publisherId);
  const settings = useReportSettings(publisherId);
  const timeZone = settings.data?.timeZone ?? DEFAULT_REPORTING_TIME_ZONE;
  const { state, range, tab, update, setTab } = useBuilderState(type, timeZone);
  const { received, dismiss } = useReportBanner();
  const list = useReportList(publisherId, type);
  const page = PAGES[type];
  // While a custom range is half picked the table still shows the old range: nothing is exported.
  const [picking, setPicking] = useState(false);

  useEffect(() => {
    if (type === 'revenue' && publisherId) track(TrackingEvents.adRevenueView, { publisherId });
  }, [type, publisherId]);

  // The shell dismisses on navigation to tab_1; this covers a report becoming ready while here.
  useEffect(() => {
    if (tab === 'tab_1' && received.includes(type)) dismiss(type);
  }, [tab, received, type, dismiss]);

  const tableQuery = useMemo(
    () => (publisherId ? toApiQuery(type, publisherId, range, { ...state, sort: state.sort }) : null),
    [type, publisherId, range, state],
  );

  // Files of a revenue report carry the comparison on screen (its "What changed" sentence).
  const fileQuery = useMemo(
    () => (tableQuery && type === 'revenue' ? exportQuery(tableQuery, state) : tableQuery),
    [tableQuery, type, state],
  );

  const gated = type === 'recirculation' && details.data !== undefined && !hasActiveOrganicSite(details.data);
  const checking = type === 'recirculation' && details.data === undefined && !details.error;
  // The same SWR key as the workspace's table: no second request, just its row count.
  const table = useReportResult(publisherId, gated || checking ? null : tableQuery);
  const newCount = list.items?.filter((r) => r.isNew).length ?? 0;

  return (
    <Stack gap="md">
      <PageHeader
        title={page.title}
        purpose={page.purpose}
        action={
          !gated && !checking ? (
            <ReportExportActions
              type={type}
              query={picking ? null : fileQuery}
              email={user.email}
              onCreated={() => void list.mutate()}
              totalRows={table.data?.totalRows}
            />
          ) : undefined
        }
      />
      {checking ? (
        <Skeleton h={240} />
      ) : gated ? (
        <NoOrganicState />
      ) : (
        <Tabs value={tab} onChange={(v) => setTab(v === 'tab_1' ? 'tab_1' : 'tab_0')} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="tab_0">Build report</Tabs.Tab>
            <Tabs.Tab value="tab_1">{newCount > 0 ? `Your reports (${newCount} new)` : 'Your reports'}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="tab_0">
            {publisherId && tableQuery && (
              <ReportWorkspace
                type={type}
                label={page.title}
                publisherId={publisherId}
                state={state}
                range={range}
                tableQuery={tableQuery}
                update={update}
                onPicking={setPicking}
                timeZone={timeZone}
                onTimeZoneSaved={() => void settings.mutate()}
              />
            )}
          </Tabs.Panel>
          <Tabs.Panel value="tab_1">{publisherId && <ExportsList type={type} publisherId={publisherId} label={page.title} />}</Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}

export function RevenueSummaryPage() {
  return <ReportPage type="revenue" />;
}

export function RecirculationSummaryPage() {
  return <ReportPage type="recirculation" />;
}
