import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Card, Group, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { Routes, intervalList } from '@pc/contracts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { useChosenPublisherId } from '../../../lib/chosen-publisher';
import { useSignedIn } from '../../../lib/identity/auth-context';
import { useAllPublishersMonitors, useMonitorLimits, useMonitors } from '../api/monitors-api';
import { MonitorsTable } from '../components/monitors-table';
import { useMonitorActions } from '../hooks/use-monitor-actions';
import { FeatureBadges } from '../../../lib/feature-flags/feature-badges';
import { FlagKeys } from '../../../lib/feature-flags/feature-areas';

/** /uptime-monitoring: the chosen partner's monitors; staff can also look across every partner. */
export function MonitorsPage() {
  const publisherId = useChosenPublisherId();
  const { scope } = useSignedIn();
  const [view, setView] = useState<'partner' | 'all'>('partner');
  if (!publisherId) return null;
  const staff = scope.type === 'internal';
  return (
    <Stack gap="lg">
      <PageHeader
        title="Uptime Monitoring"
        badges={<FeatureBadges flag={FlagKeys.uptimeMonitoring} />}
        purpose="Know when your pages go down or slow down: each monitor checks one address on a schedule."
        action={
          <Button component={Link} to={Routes.uptimeMonitoringNew}>
            New monitor
          </Button>
        }
      />
      {staff && (
        <SegmentedControl
          w="fit-content"
          value={view}
          onChange={(v) => setView(v as 'partner' | 'all')}
          data={[
            { value: 'partner', label: 'This partner' },
            { value: 'all', label: 'All partners' },
          ]}
          aria-label="Whose monitors"
        />
      )}
      {view === 'all' && staff ? <AllPartners /> : <PartnerMonitors publisherId={publisherId} />}
    </Stack>
  );
}

function Loading() {
  return (
    <Card role="region" aria-busy="true" aria-label="Loading monitors">
      <Stack gap={10}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={28} />
        ))}
      </Stack>
    </Card>
  );
}

function PartnerMonitors({ publisherId }: { publisherId: string }) {
  const { data, error, isLoading, mutate } = useMonitors(publisherId);
  const limits = useMonitorLimits(publisherId);
  const actions = useMonitorActions(publisherId, () => {
    void mutate();
    void limits.mutate();
  });
  if (error) return <LoadErrorAlert title="The monitors could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (isLoading || !data) return <Loading />;
  const down = data.filter((m) => m.status === 'down').length;
  const planLine = limits.data && (
    <Text size="sm" c="dimmed">
      {limits.data.used} of {limits.data.maxMonitors} monitors on your plan; checks every {intervalList(limits.data.allowedIntervalSeconds)}
      .
    </Text>
  );
  return (
    <>
      {data.length === 0 ? (
        <>
          {/* What the plan allows, before the first monitor too. */}
          {planLine}
          <EmptyState
            title="No monitors yet"
            action={
              <Button component={Link} to={Routes.uptimeMonitoringNew}>
                Create your first monitor
              </Button>
            }
          >
            A monitor checks a page of your site every few minutes and tells you when it goes down, answers slowly or its certificate is
            about to expire. You can test it before saving.
          </EmptyState>
        </>
      ) : (
        <>
          <Group gap="lg">
            <Text size="sm" data-testid="monitors-down">
              <strong>{down}</strong> of {data.length} down
            </Text>
            {planLine}
          </Group>
          <MonitorsTable
            monitors={data}
            busy={actions.busy}
            onPause={(m) => void actions.togglePause(m)}
            onDelete={actions.askDelete}
            onBulk={actions.bulk}
          />
        </>
      )}
      <ConfirmDialog
        opened={actions.deleting !== null}
        title="Delete this monitor?"
        confirmLabel="Delete monitor"
        danger
        busy={actions.busy}
        onConfirm={() => void actions.confirmDelete()}
        onCancel={actions.cancelDelete}
      >
        "{actions.deleting?.name}" stops being checked and its check history is deleted. Its incidents stay on the Incidents page.
      </ConfirmDialog>
    </>
  );
}

function AllPartners() {
  const { data, error, isLoading, mutate } = useAllPublishersMonitors(true);
  if (error) return <LoadErrorAlert title="The monitors could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (isLoading || !data) return <Loading />;
  if (data.length === 0)
    return (
      <EmptyState title="No partner has a monitor yet">Monitors that partners create appear here with their partner and status.</EmptyState>
    );
  return <MonitorsTable monitors={data} readOnly />;
}
