import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import {
  Anchor,
  Button,
  Card,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { MONITOR_METHODS, Routes, type CheckResult, type Monitor } from '@pc/contracts';
import { ApiRequestError, errorMessage } from '../../../lib/api-error';
import { usePublisherDetails } from '../../../lib/data/use-publisher-data';
import { toast } from '../../../lib/toast';
import { createMonitor, monitorKeys, testMonitor, updateMonitor } from '../api/monitors-api';
import { fieldErrors } from '../state/monitor-format';
import { initialFormState, toInput, type MonitorField, type MonitorFormState } from '../state/monitor-form-state';
import { CheckResultPanel } from './check-result-panel';
import { IntervalField } from './interval-field';

/** Create or edit a monitor; "Test now" runs one check of the values as typed, nothing saved. */
export function MonitorForm({
  publisherId,
  monitor,
  minIntervalSeconds,
  allowedIntervalSeconds,
}: {
  publisherId: string;
  monitor?: Monitor;
  minIntervalSeconds: number;
  /** The plan's offered intervals (uptime.check_intervals), from /api/monitors/limits. */
  allowedIntervalSeconds: readonly number[];
}) {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const { data: details } = usePublisherDetails(publisherId);
  const [s, setS] = useState<MonitorFormState>(() => initialFormState(monitor, minIntervalSeconds, allowedIntervalSeconds));
  const [errors, setErrors] = useState<Partial<Record<MonitorField, string>>>({});
  const [busy, setBusy] = useState<'test' | 'save' | null>(null);
  const [tested, setTested] = useState<CheckResult | null>(null);

  const set = <K extends MonitorField>(k: K, v: MonitorFormState[K]) => {
    setS((prev) => ({ ...prev, [k]: v }));
    setErrors((prev) => ({ ...prev, [k]: undefined }));
  };
  const text = (k: MonitorField) => ({
    name: k,
    value: s[k] as string,
    error: errors[k],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(k, e.currentTarget.value as never),
  });
  const number = (k: MonitorField) => ({
    name: k,
    value: s[k] as string,
    error: errors[k],
    allowDecimal: false,
    allowNegative: false,
    onChange: (v: string | number) => set(k, String(v) as never),
  });

  function validated() {
    const r = toInput(s, minIntervalSeconds, allowedIntervalSeconds);
    setErrors(r.errors ?? {});
    if (r.errors) {
      const first = Object.keys(r.errors)[0];
      const el = first ? document.querySelector<HTMLElement>(`[name="${first}"]`) : null;
      el?.focus();
    }
    return r.data;
  }

  function showServerError(e: unknown) {
    if (e instanceof ApiRequestError && e.fields) setErrors(fieldErrors(e.fields));
    toast.error(errorMessage(e));
  }

  async function runTest() {
    const input = validated();
    if (!input) return;
    setBusy('test');
    setTested(null);
    try {
      setTested(await testMonitor(publisherId, input));
    } catch (e) {
      showServerError(e);
    } finally {
      setBusy(null);
    }
  }

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    const input = validated();
    if (!input) return;
    setBusy('save');
    try {
      const saved = monitor ? await updateMonitor(publisherId, monitor.id, input) : await createMonitor(publisherId, input);
      toast.success(monitor ? 'The monitor was saved.' : 'The monitor was created: its first check runs within a few seconds.');
      void mutate(monitorKeys.list(publisherId));
      void mutate(monitorKeys.monitor(publisherId, saved.id), saved, { revalidate: false });
      void navigate(Routes.uptimeMonitor(saved.id));
    } catch (err) {
      showServerError(err);
    } finally {
      setBusy(null);
    }
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label={monitor ? 'Edit monitor' : 'New monitor'}>
      <Stack gap="md">
        <Card withBorder>
          <Stack gap="sm">
            <Text fw={600}>What to check</Text>
            <TextInput
              label="Name"
              required
              maxLength={120}
              description="Shown in the list and in alerts, e.g. Home page."
              {...text('name')}
            />
            <Group align="start" grow wrap="nowrap">
              <Select
                label="Method"
                name="method"
                data={[...MONITOR_METHODS]}
                value={s.method}
                allowDeselect={false}
                onChange={(v) => set('method', (v ?? 'GET') as MonitorFormState['method'])}
                maw={120}
              />
              <TextInput label="URL" required type="url" description="An http:// or https:// address." {...text('url')} />
            </Group>
            <Select
              label="Site (optional)"
              name="siteId"
              clearable
              placeholder="Not tied to a site"
              data={(details?.sites ?? []).map((x) => ({ value: x.id, label: `${x.name} (${x.domain})` }))}
              value={s.siteId}
              onChange={(v) => set('siteId', v)}
              error={errors.siteId}
            />
          </Stack>
        </Card>
        <Card withBorder>
          <Stack gap="sm">
            <Text fw={600}>How often and what counts as up</Text>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <IntervalField
                value={s.intervalSeconds}
                allowed={allowedIntervalSeconds}
                error={errors.intervalSeconds}
                onChange={(v) => set('intervalSeconds', v)}
              />
              <NumberInput
                label="Time-out (seconds)"
                required
                min={1}
                max={60}
                description="1 to 60, below the interval"
                {...number('timeoutSeconds')}
              />
              <NumberInput
                label="Retries before down"
                required
                min={0}
                max={10}
                description="Failed checks in a row tolerated"
                {...number('retries')}
              />
            </SimpleGrid>
            <TextInput
              label="Accepted status codes"
              required
              description="Codes or ranges separated by commas, e.g. 200-299, 301"
              {...text('acceptedStatusCodes')}
            />
            <Group align="end" gap="sm" wrap="wrap">
              <TextInput label="Keyword (optional)" description="Checked in the page's body" w={320} {...text('keyword')} />
              <SegmentedControl
                aria-label="Keyword rule"
                value={s.keywordMode}
                onChange={(v) => set('keywordMode', v as MonitorFormState['keywordMode'])}
                data={[
                  { value: 'contains', label: 'Must appear' },
                  { value: 'absent', label: 'Must not appear' },
                ]}
              />
            </Group>
            <NumberInput
              label="Certificate expiry warning (days)"
              required
              min={0}
              max={365}
              w={320}
              description="Warn this many days before the TLS certificate expires; 0 turns it off"
              {...number('certExpiryDays')}
            />
            <Switch
              label="Follow redirects"
              checked={s.followRedirects}
              onChange={(e) => set('followRedirects', e.currentTarget.checked)}
            />
          </Stack>
        </Card>
        <Card withBorder>
          <Stack gap="sm">
            <Text fw={600}>Who is told</Text>
            <Textarea
              label="Notification e-mails"
              description="Addresses separated by commas or new lines; they hear when the monitor goes down, recovers or its certificate is about to expire. Addresses outside your team confirm by e-mail first."
              autosize
              minRows={2}
              {...text('notifyEmails')}
            />
            {/* Addresses outside the publisher's users get alerts only after confirming the link mailed to them. */}
            {(monitor?.pendingRecipients ?? []).length > 0 && (
              <Text size="sm" c="orange" data-testid="monitor-pending-recipients">
                Waiting for confirmation: {monitor!.pendingRecipients.join(', ')}. These addresses get alerts once they open the link we
                e-mailed them and confirm; your own team members get them at once.
              </Text>
            )}
            {/* Monitor events go through the signed, retried, logged webhooks of Integrations (one
                secret per receiver there), not through an unsigned address per monitor. */}
            <Text size="sm" c="dimmed" data-testid="monitor-webhooks-hint">
              Webhooks: subscribe a receiver to &quot;Uptime monitor down&quot;, &quot;Uptime monitor up again&quot; and &quot;TLS
              certificate about to expire&quot; in{' '}
              <Anchor component={Link} to={Routes.integrations} size="sm">
                Integrations
              </Anchor>
              ; every delivery is signed and retried.
            </Text>
          </Stack>
        </Card>
        {tested && <CheckResultPanel result={tested} title="Test result" />}
        <Group>
          <Button type="submit" loading={busy === 'save'} disabled={busy === 'test'}>
            {monitor ? 'Save monitor' : 'Create monitor'}
          </Button>
          <Button variant="light" loading={busy === 'test'} disabled={busy === 'save'} onClick={() => void runTest()}>
            Test now
          </Button>
          <Button variant="subtle" onClick={() => void navigate(monitor ? Routes.uptimeMonitor(monitor.id) : Routes.uptimeMonitoring)}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
