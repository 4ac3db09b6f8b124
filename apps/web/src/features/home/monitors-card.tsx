import { Link } from 'react-router';
import { Button, Text } from '@mantine/core';
import { monitorsEndpoints, Routes } from '@pc/contracts';
import { useEndpoint } from '../../lib/endpoints';
import { SummaryCard } from './summary-card';

/** Home: how many of the partner's uptime monitors are down (from /api/monitors/summary; home does not import the uptime feature). */
export function MonitorsCard({ publisherId }: { publisherId: string }) {
  const { data, error, isLoading, mutate } = useEndpoint(
    monitorsEndpoints.summary,
    publisherId,
    {},
    // Down is live news: refresh while home is open (the scheduler checks every minute at the least).
    { refreshInterval: 60_000 },
  );
  return (
    <SummaryCard
      title="Uptime monitors"
      label="Uptime monitors summary"
      link={data && data.total > 0 ? { to: `${Routes.uptimeMonitoring}?status=down`, text: 'Monitors down' } : undefined}
      state={{ error, loading: isLoading || !data, retry: () => void mutate() }}
      loadingTestId="home-monitors-loading"
      empty={
        data?.total === 0 && (
          <>
            <Text size="sm">No monitor watches your sites yet.</Text>
            <Button component={Link} to={Routes.uptimeMonitoringNew} variant="subtle" size="compact-sm" px={0}>
              Create a monitor
            </Button>
          </>
        )
      }
      figures={[
        { label: 'Down', value: data?.down, testId: 'home-monitors-down', alert: (data?.down ?? 0) > 0 },
        { label: 'Monitors', value: data?.total, testId: 'home-monitors-total' },
      ]}
      footer={data && (data.down === 0 ? 'Every monitor that runs is up.' : `${data.down} of ${data.total} monitors need a look.`)}
    />
  );
}
