import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, Group, Stack } from '@mantine/core';
import { Routes, type CheckResult, type MonitorRange } from '@pc/contracts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PageHeader } from '../../../components/ui/page-header';
import { errorMessage } from '../../../lib/api-error';
import { useChosenPublisherId } from '../../../lib/chosen-publisher';
import { toast } from '../../../lib/toast';
import { checkMonitorNow, useMonitor, useMonitorIncidents, useMonitorResults, useMonitorStats } from '../api/monitors-api';
import { CheckResultPanel } from '../components/check-result-panel';
import { MissingMonitor } from '../components/missing-monitor';
import { IncidentsCard, RecentChecksCard, ResponseTimeCard } from '../components/monitor-detail-cards';
import { MonitorSummary } from '../components/monitor-summary';
import { useMonitorActions } from '../hooks/use-monitor-actions';
import { LoadingSkeleton } from '../../../components/ui/loading-skeleton';

/** /uptime-monitoring/{id}: status, uptime, response-time chart by range, uptime per day, checks, incidents. */
export function MonitorPage() {
  const publisherId = useChosenPublisherId();
  const { id } = useParams();
  if (!publisherId || !id) return null;
  return <MonitorDetail key={id} publisherId={publisherId} id={id} />;
}

function MonitorDetail({ publisherId, id }: { publisherId: string; id: string }) {
  const navigate = useNavigate();
  const [range, setRange] = useState<MonitorRange>('24h');
  const [checked, setChecked] = useState<CheckResult | null>(null);
  const [checking, setChecking] = useState(false);
  const monitor = useMonitor(publisherId, id);
  const stats = useMonitorStats(publisherId, id, range);
  const results = useMonitorResults(publisherId, id);
  const incidents = useMonitorIncidents(publisherId, id);
  const actions = useMonitorActions(publisherId, () => void monitor.mutate());

  if (monitor.error) return <MissingMonitor error={monitor.error} retry={() => void monitor.mutate()} />;
  if (!monitor.data) return <LoadingSkeleton label="Loading the monitor" h={360} />;
  const m = monitor.data;

  async function checkNow() {
    setChecking(true);
    try {
      setChecked(await checkMonitorNow(publisherId, id));
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setChecking(false);
    }
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title={m.name}
        purpose={`${m.method} ${m.url}${m.siteName ? ` · ${m.siteName}` : ''}`}
        action={
          <Group gap="xs">
            <Button variant="default" component={Link} to={Routes.uptimeMonitoring}>
              All monitors
            </Button>
            <Button variant="light" loading={checking} onClick={() => void checkNow()}>
              Check now
            </Button>
            <Button variant="light" onClick={() => void actions.togglePause(m)}>
              {m.status === 'paused' ? 'Resume' : 'Pause'}
            </Button>
            <Button component={Link} to={Routes.uptimeMonitorEdit(m.id)}>
              Edit
            </Button>
            <Button color="red" variant="subtle" onClick={() => actions.askDelete(m)}>
              Delete
            </Button>
          </Group>
        }
      />
      {checked && <CheckResultPanel result={checked} title="Check now (not stored)" />}
      <MonitorSummary monitor={m} stats={stats.data} />
      <ResponseTimeCard monitor={m} stats={stats} range={range} onRange={setRange} />
      <IncidentsCard incidents={incidents} />
      <RecentChecksCard results={results} />
      <ConfirmDialog
        opened={actions.deleting !== null}
        title="Delete this monitor?"
        confirmLabel="Delete monitor"
        danger
        busy={actions.busy}
        onConfirm={() => void actions.confirmDelete(() => void navigate(Routes.uptimeMonitoring))}
        onCancel={actions.cancelDelete}
      >
        "{m.name}" stops being checked and its check history is deleted. Its incidents stay on the Incidents page.
      </ConfirmDialog>
    </Stack>
  );
}
