import { useParams } from 'react-router';
import { Stack } from '@mantine/core';
import { PageHeader } from '../../../components/ui/page-header';
import { useChosenPublisherId } from '../../../lib/chosen-publisher';
import { useMonitor, useMonitorLimits } from '../api/monitors-api';
import { LimitsGate } from '../components/limits-gate';
import { MissingMonitor } from '../components/missing-monitor';
import { MonitorForm } from '../components/monitor-form';
import { LoadingSkeleton } from '../../../components/ui/loading-skeleton';

/** /uptime-monitoring/{id}/edit */
export function MonitorEditPage() {
  const publisherId = useChosenPublisherId();
  const { id } = useParams();
  if (!publisherId || !id) return null;
  return <EditMonitor key={id} publisherId={publisherId} id={id} />;
}

function EditMonitor({ publisherId, id }: { publisherId: string; id: string }) {
  // Not polled while editing: a background refresh must not reset what the user typed.
  const monitor = useMonitor(publisherId, id, false);
  const limits = useMonitorLimits(publisherId);
  if (monitor.error) return <MissingMonitor error={monitor.error} retry={() => void monitor.mutate()} />;
  return (
    <Stack gap="lg">
      <PageHeader
        title={monitor.data ? `Edit ${monitor.data.name}` : 'Edit monitor'}
        purpose="Change what is checked, how often and who is told."
      />
      {!monitor.data ? (
        <LoadingSkeleton label="Loading the monitor" h={420} />
      ) : (
        <LimitsGate limits={limits}>
          {(l) => (
            <MonitorForm
              publisherId={publisherId}
              monitor={monitor.data}
              minIntervalSeconds={l.minIntervalSeconds}
              allowedIntervalSeconds={l.allowedIntervalSeconds}
            />
          )}
        </LimitsGate>
      )}
    </Stack>
  );
}
