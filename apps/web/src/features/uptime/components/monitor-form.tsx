import { Button, Group, Stack } from '@mantine/core';
import { initialFormState } from '../state/monitor-form-state';
import { CheckResultPanel } from './check-result-panel';
import { MonitorAlertFields, MonitorCheckFields, MonitorTargetFields } from './monitor-form-fields';
import { useMonitorFormActions, useMonitorFields, type MonitorFormProps } from '../hooks/use-monitor-form';

/** Create or edit a monitor; "Test now" runs one check of the values as typed, nothing saved. */
export function MonitorForm(props: MonitorFormProps) {
  const { publisherId, monitor, minIntervalSeconds, allowedIntervalSeconds } = props;
  const fields = useMonitorFields(() => initialFormState(monitor, minIntervalSeconds, allowedIntervalSeconds));
  const { busy, tested, runTest, onSubmit, cancel } = useMonitorFormActions(fields, props);

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label={monitor ? 'Edit monitor' : 'New monitor'}>
      <Stack gap="md">
        <MonitorTargetFields fields={fields} publisherId={publisherId} />
        <MonitorCheckFields fields={fields} allowedIntervalSeconds={allowedIntervalSeconds} />
        <MonitorAlertFields fields={fields} monitor={monitor} />
        {tested && <CheckResultPanel result={tested} title="Test result" />}
        <Group>
          <Button type="submit" loading={busy === 'save'} disabled={busy === 'test'}>
            {monitor ? 'Save monitor' : 'Create monitor'}
          </Button>
          <Button variant="light" loading={busy === 'test'} disabled={busy === 'save'} onClick={() => void runTest()}>
            Test now
          </Button>
          <Button variant="subtle" onClick={cancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
