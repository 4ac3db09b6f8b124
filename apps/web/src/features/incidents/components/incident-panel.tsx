import { useState } from 'react';
import { Button, Group, Skeleton, Stack, Text, Timeline } from '@mantine/core';
import { TrackingEvents, formatDateTime, type IncidentEvent } from '@pc/contracts';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { track } from '../../../lib/tracking/track';
import { changeIncident, useIncident } from '../api/incidents-api';
import { NoteDialog } from './note-dialog';
import { cameBackNote, fromEpoch, occurrenceDetail } from './incident-labels';
import { LoadingSkeleton } from '../../../components/ui/loading-skeleton';

const KIND_LABELS: Record<IncidentEvent['kind'], string> = {
  occurrence: 'Occurred',
  reopened: 'Reopened by a new occurrence',
  acknowledged: 'Acknowledged',
  resolved: 'Resolved',
};

/** What the detecting system recorded with one occurrence, as a sentence (nothing when it recorded nothing). */
function OccurrenceDetail({ detail }: { detail: Record<string, unknown> | null }) {
  const text = occurrenceDetail(detail);
  return text ? (
    <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
      {text}
    </Text>
  ) : null;
}

/** The expanded row: occurrence timeline (newest first) and the acknowledge / resolve actions. */
export function IncidentPanel(props: { publisherId: string; incidentId: string; onChanged: () => void }) {
  const { data, error, isLoading, mutate } = useIncident(props.publisherId, props.incidentId);
  const [action, setAction] = useState<'acknowledge' | 'resolve' | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm(note: string) {
    if (!action || !data) return;
    setBusy(true);
    try {
      await changeIncident(props.publisherId, data.id, action, note);
      track(TrackingEvents.incidentsManage, { publisher_id: props.publisherId, action, incident_type: data.type });
      toast.success(action === 'resolve' ? 'The incident is resolved.' : 'The incident is acknowledged.');
      setAction(null);
      await mutate();
      props.onChanged();
    } catch (e) {
      toast.error(errorMessage(e));
      // Someone else may have changed it meanwhile: show the current state.
      void mutate();
    } finally {
      setBusy(false);
    }
  }

  if (error) return <LoadErrorAlert title="The timeline could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (isLoading || !data)
    return (
      <LoadingSkeleton label="Loading timeline">
        <Skeleton h={16} w="40%" />
        <Skeleton h={16} w="60%" />
      </LoadingSkeleton>
    );
  const cameBack = cameBackNote(data);
  return (
    <Stack gap="sm" aria-label={`Timeline of ${data.title}`} role="region">
      <Group justify="space-between" align="start">
        <Text size="sm" c="dimmed">
          First occurred {fromEpoch(data.firstOccurrence)}; {data.occurrences} occurrence{data.occurrences === 1 ? '' : 's'} in all.
          {cameBack && ` ${cameBack}`}
        </Text>
        <Group gap="xs">
          {data.status === 'open' && (
            <Button size="xs" variant="light" onClick={() => setAction('acknowledge')}>
              Acknowledge
            </Button>
          )}
          {data.status !== 'resolved' && (
            <Button size="xs" variant="light" color="green" onClick={() => setAction('resolve')}>
              Resolve
            </Button>
          )}
        </Group>
      </Group>
      <Timeline bulletSize={12} lineWidth={2} active={data.events.length - 1}>
        {data.events.map((e, n) => (
          <Timeline.Item key={n} title={`${KIND_LABELS[e.kind]}${e.actor ? ` by ${e.actor}` : ''}`}>
            <Text size="xs" c="dimmed">
              {formatDateTime(e.at)}
            </Text>
            {e.note && <Text size="sm">“{e.note}”</Text>}
            <OccurrenceDetail detail={e.detail} />
          </Timeline.Item>
        ))}
      </Timeline>
      {action && (
        <NoteDialog action={action} title={data.title} busy={busy} onConfirm={(n) => void confirm(n)} onCancel={() => setAction(null)} />
      )}
    </Stack>
  );
}
