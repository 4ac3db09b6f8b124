import { Link } from 'react-router';
import {
  Anchor,
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
import { MONITOR_METHODS, Routes, type Monitor } from '@pc/contracts';
import { usePublisherDetails } from '../../../lib/data/use-publisher-data';
import type { MonitorFormState } from '../state/monitor-form-state';
import { IntervalField } from './interval-field';
import type { MonitorFields } from '../hooks/use-monitor-form';

/** The monitor's name, method, URL and site. */
export function MonitorTargetFields({ fields: { s, errors, set, text }, publisherId }: { fields: MonitorFields; publisherId: string }) {
  const { data: details } = usePublisherDetails(publisherId);
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Text fw={600}>What to check</Text>
        <TextInput label="Name" required maxLength={120} description="Shown in the list and in alerts, e.g. Home page." {...text('name')} />
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
  );
}

/** How often the monitor checks and what counts as up. */
export function MonitorCheckFields({
  fields: { s, errors, set, text, number },
  allowedIntervalSeconds,
}: {
  fields: MonitorFields;
  allowedIntervalSeconds: readonly number[];
}) {
  return (
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
        <Switch label="Follow redirects" checked={s.followRedirects} onChange={(e) => set('followRedirects', e.currentTarget.checked)} />
      </Stack>
    </Card>
  );
}

/** Who hears of the monitor's events: e-mails here, webhooks in Integrations. */
export function MonitorAlertFields({ fields: { text }, monitor }: { fields: MonitorFields; monitor?: Monitor }) {
  return (
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
          Webhooks: subscribe a receiver to &quot;Uptime monitor down&quot;, &quot;Uptime monitor up again&quot; and &quot;TLS certificate
          about to expire&quot; in{' '}
          <Anchor component={Link} to={Routes.integrations} size="sm">
            Integrations
          </Anchor>
          ; every delivery is signed and retried.
        </Text>
      </Stack>
    </Card>
  );
}
