import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, Card, Group, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { MonitorRangeSchema, Routes, type CheckResult, type MonitorRange } from '@pc/contracts';
import { LazyTimeSeriesChart } from '../../../components/ui/charts/lazy-time-series-chart';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { errorMessage } from '../../../lib/api-error';
import { useChosenPublisherId } from '../../../lib/chosen-publisher';
import { toast } from '../../../lib/toast';
import { checkMonitorNow, useMonitor, useMonitorIncidents, useMonitorResults, useMonitorStats } from '../api/monitors-api';
import { CheckResultPanel } from '../components/check-result-panel';
import { MissingMonitor } from '../components/missing-monitor';
import { MonitorIncidents } from '../components/monitor-incidents';
import { MonitorSummary } from '../components/monitor-summary';
import { RecentChecks } from '../components/recent-checks';
import { UptimeDayBar } from '../components/uptime-day-bar';
import { useMonitorActions } from '../hooks/use-monitor-actions';
import { formatMs } from '../state/monitor-format';
import { chartRows } from '../state/stats-series';

const RANGES = MonitorRangeSchema.options.map((r) => ({ value: r, label: r }));

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
  if (!monitor.data) return <Skeleton h={360} aria-label="Loading the monitor" />;
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
      <Card withBorder>
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} size="h4">
              Response time
            </Title>
            <SegmentedControl
              size="xs"
              value={range}
              onChange={(v) => setRange(v as MonitorRange)}
              data={RANGES}
              aria-label="Chart range"
            />
          </Group>
          {stats.error ? (
            <LoadErrorAlert
              title="The response times could not be loaded"
              message={stats.error.message}
              onRetry={() => void stats.mutate()}
            />
          ) : !stats.data ? (
            <Skeleton h={240} aria-label="Loading chart" />
          ) : stats.data.series.length === 0 ? (
            <Text size="sm" c="dimmed">
              No checks in this range yet.
            </Text>
          ) : (
            <LazyTimeSeriesChart
              height={240}
              data={chartRows(stats.data)}
              series={[{ key: 'avgMs', label: 'Average response time', color: 'blue.6' }]}
              valueFormatter={formatMs}
              ariaLabel={`Average response time of ${m.name} over ${range}`}
            />
          )}
          <Title order={3} size="h5" mt="sm">
            Uptime per day
          </Title>
          {stats.data ? <UptimeDayBar daily={stats.data.daily} /> : <Skeleton h={32} />}
        </Stack>
      </Card>
      <Card withBorder>
        <Stack gap="sm">
          <Title order={2} size="h4">
            Incidents
          </Title>
          {incidents.error ? (
            <LoadErrorAlert
              title="The incidents could not be loaded"
              message={incidents.error.message}
              onRetry={() => void incidents.mutate()}
            />
          ) : incidents.data ? (
            <MonitorIncidents incidents={incidents.data} />
          ) : (
            <Skeleton h={60} />
          )}
        </Stack>
      </Card>
      <Card withBorder>
        <Stack gap="sm">
          <Title order={2} size="h4">
            Recent checks
          </Title>
          {results.error ? (
            <LoadErrorAlert title="The checks could not be loaded" message={results.error.message} onRetry={() => void results.mutate()} />
          ) : results.data ? (
            <RecentChecks results={results.data} />
          ) : (
            <Skeleton h={120} />
          )}
        </Stack>
      </Card>
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
