import { Stack } from '@mantine/core';
import { PageHeader } from '../../../components/ui/page-header';
import { useChosenPublisherId } from '../../../lib/chosen-publisher';
import { useMonitorLimits } from '../api/monitors-api';
import { LimitsGate } from '../components/limits-gate';
import { MonitorForm } from '../components/monitor-form';

/** /uptime-monitoring/new */
export function MonitorNewPage() {
  const publisherId = useChosenPublisherId();
  if (!publisherId) return null;
  return (
    <Stack gap="lg">
      <PageHeader title="New monitor" purpose="Choose the address to check, how often and what counts as up; test it before saving." />
      <NewMonitor publisherId={publisherId} />
    </Stack>
  );
}

function NewMonitor({ publisherId }: { publisherId: string }) {
  const limits = useMonitorLimits(publisherId);
  return (
    <LimitsGate limits={limits} creating>
      {(l) => (
        <MonitorForm
          publisherId={publisherId}
          minIntervalSeconds={l.minIntervalSeconds}
          allowedIntervalSeconds={l.allowedIntervalSeconds}
        />
      )}
    </LimitsGate>
  );
}
