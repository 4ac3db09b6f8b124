import { useState } from 'react';
import { Badge, Box, Button, Group, Modal, Paper, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { ReportType, SavedReport, ScheduleFrequency } from '@pc/contracts';
import { errorMessage } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format/number-format';
import { toast } from '../../../lib/toast';
import { deleteSavedReport, fromSavedView, scheduleSavedReport } from '../api/saved-reports';
import { useSavedReportCreate, useSavedReportEdit } from '../hooks/use-saved-report-forms';
import { useSavedReports } from '../hooks/use-saved-reports';
import type { BuilderState } from '../state/report-query';

export interface SavedReportsPanelProps {
  type: ReportType;
  publisherId: string;
  state: BuilderState;
  timeZone: string;
  onOpen: (patch: Partial<BuilderState>) => void;
}

const FREQUENCY_OPTIONS = [
  { value: 'off', label: 'Not e-mailed' },
  { value: 'daily', label: 'E-mail daily' },
  { value: 'weekly', label: 'E-mail weekly (Mondays)' },
  { value: 'monthly', label: 'E-mail monthly (the 1st)' },
];

function scheduleText(r: SavedReport): string {
  const s = r.schedule;
  if (!s) return '';
  // The product's own pause says why (its owner lost the publisher or was disabled).
  if (s.paused) return s.pausedReason ?? 'Paused';
  // The product's one date-time format, in the schedule's zone; the IANA name says which zone's
  // 06:00 it follows, which an abbreviation such as GMT+1 does not.
  const last = s.lastStatus ? ` · last run ${s.lastStatus}${s.lastError ? `: ${s.lastError}` : ''}` : '';
  return `Next: ${formatDateTime(s.nextRunAt, s.timeZone)} (${s.timeZone})${last}`;
}

/** A report's e-mail schedule: its frequency and pause for its owner, and when it next goes out. */
function ScheduleControls({
  report: r,
  busy,
  onSchedule,
}: {
  report: SavedReport;
  busy: boolean;
  onSchedule: (frequency: string, paused: boolean) => void;
}) {
  return (
    <Box>
      {r.mine ? (
        <Group gap="xs" wrap="nowrap">
          <Select
            size="xs"
            w={210}
            aria-label={`E-mail schedule of ${r.name}`}
            data={FREQUENCY_OPTIONS}
            value={r.schedule?.frequency ?? 'off'}
            allowDeselect={false}
            disabled={busy}
            onChange={(v) => v && onSchedule(v, r.schedule?.paused ?? false)}
          />
          {r.schedule && (
            <Switch
              size="xs"
              label="Paused"
              checked={r.schedule.paused}
              disabled={busy}
              onChange={(e) => onSchedule(r.schedule!.frequency, e.currentTarget.checked)}
            />
          )}
        </Group>
      ) : (
        <Text size="xs" c="dimmed">
          Only its owner can schedule it.
        </Text>
      )}
      {r.schedule && (
        <Text size="xs" c={r.schedule.lastStatus === 'failed' ? 'red.8' : 'dimmed'} data-testid="schedule-status">
          {scheduleText(r)}
        </Text>
      )}
    </Box>
  );
}

/** Saved views (private or shared with the team) and their e-mail schedules. */
export function SavedReportsPanel({ type, publisherId, state, timeZone, onOpen }: SavedReportsPanelProps) {
  const list = useSavedReports(publisherId, type);
  const [busy, setBusy] = useState<string | null>(null);
  const mutateList = () => void list.mutate();
  const { saving, setSaving, name, setName, shared, setShared, nameError, setNameError, startSave, save } = useSavedReportCreate(
    { publisherId, type, state },
    mutateList,
  );
  const { editing, setEditing, editName, setEditName, editShared, setEditShared, editError, setEditError, startEdit, saveEdit } =
    useSavedReportEdit(publisherId, mutateList);

  const act = async (id: string, work: () => Promise<unknown>, done: string) => {
    setBusy(id);
    try {
      await work();
      toast.success(done);
      void list.mutate();
    } catch (e) {
      toast.error(`That did not work: ${errorMessage(e)}`);
    } finally {
      setBusy(null);
    }
  };

  const schedule = (r: SavedReport, frequency: string, paused = false) =>
    act(
      r.id,
      () =>
        scheduleSavedReport(
          publisherId,
          r.id,
          frequency === 'off' ? null : { frequency: frequency as ScheduleFrequency, format: r.schedule?.format ?? 'csv', paused },
        ),
      frequency === 'off'
        ? `"${r.name}" is no longer e-mailed.`
        : paused
          ? `"${r.name}" is paused.`
          : `"${r.name}" will be e-mailed ${frequency}.`,
    );

  const items = list.data ?? [];
  return (
    <Paper withBorder p="md" component="section" aria-label="Saved reports">
      <Group justify="space-between" mb="xs">
        <Text fw={600} size="sm">
          Saved reports
        </Text>
        <Button size="xs" variant="light" onClick={startSave}>
          Save this view
        </Button>
      </Group>
      {list.error ? (
        <Text size="sm" c="red.8">
          Saved reports could not be loaded: {list.error.message}. Reload the page to try again.
        </Text>
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {list.data ? 'No saved reports yet: save this view to come back to it, share it or have it e-mailed.' : 'Loading…'}
        </Text>
      ) : (
        // A wrapping list rather than a table: on a phone a scheduled report's name, schedule and
        // actions take more than the screen's width, and a row that wraps keeps them all in view.
        <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
          {items.map((r) => (
            <Group
              component="li"
              key={r.id}
              data-testid="saved-report"
              gap="xs"
              py={4}
              wrap="wrap"
              align="flex-start"
              style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
            >
              <Box style={{ flex: '1 1 12rem', minWidth: 0 }}>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  maw="100%"
                  onClick={() => onOpen(fromSavedView(r.view))}
                  aria-label={`Open ${r.name}`}
                >
                  {r.name}
                </Button>
                {r.shared && (
                  <Badge size="xs" variant="light" ml={6}>
                    {r.mine ? 'Shared' : `Shared by ${r.ownerEmail}`}
                  </Badge>
                )}
              </Box>
              <ScheduleControls report={r} busy={busy === r.id} onSchedule={(frequency, paused) => void schedule(r, frequency, paused)} />
              <Group gap={0} wrap="nowrap" ml="auto">
                {r.mine && (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    disabled={busy === r.id}
                    onClick={() => startEdit(r)}
                    aria-label={`Rename or share ${r.name}`}
                  >
                    Edit
                  </Button>
                )}
                {r.mine && (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    disabled={busy === r.id}
                    onClick={() => void act(r.id, () => deleteSavedReport(publisherId, r.id), `Deleted "${r.name}".`)}
                  >
                    Delete
                  </Button>
                )}
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      <Modal opened={saving} onClose={() => setSaving(false)} title="Save this view">
        <Stack gap="sm">
          <TextInput
            label="Name"
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setNameError(null);
            }}
            error={nameError}
            data-autofocus
          />
          <Switch
            label="Share with my team (everyone with access to this publisher)"
            checked={shared}
            onChange={(e) => setShared(e.currentTarget.checked)}
          />
          <Text size="xs" c="dimmed">
            Dates are saved as chosen ({state.preset === 'custom' ? 'fixed days' : 'the preset moves with today'}), in {timeZone}.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setSaving(false)}>
              Cancel
            </Button>
            <Button onClick={() => void save()}>Save</Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title="Rename or share">
        <Stack gap="sm">
          <TextInput
            label="Name"
            value={editName}
            onChange={(e) => {
              setEditName(e.currentTarget.value);
              setEditError(null);
            }}
            error={editError}
            data-autofocus
          />
          <Switch
            label="Share with my team (everyone with access to this publisher)"
            checked={editShared}
            onChange={(e) => setEditShared(e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEditing(null)}>
              Cancel
            </Button>
            <Button onClick={() => void saveEdit()}>Save changes</Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
