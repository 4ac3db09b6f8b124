import { useState } from 'react';
import { Button, Checkbox, Group, Modal, SegmentedControl, Stack, Switch, Text, TextInput } from '@mantine/core';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WebhookSubscriptionInputSchema,
  type WebhookEventType,
  type WebhookFormat,
  type WebhookSubscriptionInput,
} from '@pc/contracts';
import { ApiRequestError, errorMessage } from '../../../lib/api-error';

const EMPTY: WebhookSubscriptionInput = {
  name: '',
  url: '',
  format: 'json',
  events: ['incident.opened', 'incident.resolved'],
  enabled: true,
};

/** Create or edit a subscription; validated with the API's own schema, server field errors shown on their fields. */
export function WebhookForm(props: {
  opened: boolean;
  initial: WebhookSubscriptionInput | null;
  onSubmit: (input: WebhookSubscriptionInput) => Promise<void>;
  onClose: () => void;
}) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.initial ? 'Edit webhook' : 'Add a webhook'} size="lg">
      {props.opened && <FormBody {...props} />}
    </Modal>
  );
}

function FormBody({
  initial,
  onSubmit,
  onClose,
}: {
  initial: WebhookSubscriptionInput | null;
  onSubmit: (i: WebhookSubscriptionInput) => Promise<void>;
  onClose: () => void;
}) {
  const [value, setValue] = useState<WebhookSubscriptionInput>(initial ?? EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof WebhookSubscriptionInput>(k: K, v: WebhookSubscriptionInput[K]) => setValue((s) => ({ ...s, [k]: v }));

  const submit = async () => {
    const parsed = WebhookSubscriptionInputSchema.safeParse(value);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const i of parsed.error.issues) next[String(i.path[0])] ??= i.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setFormError(null);
    setBusy(true);
    try {
      await onSubmit(parsed.data);
    } catch (e) {
      if (e instanceof ApiRequestError && e.fields) setErrors(e.fields);
      setFormError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack>
        <TextInput
          label="Name"
          placeholder="e.g. Ops alerts"
          value={value.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={errors.name}
        />
        <div>
          <Text size="sm" fw={500} mb={4} id="webhook-format-label">
            Format
          </Text>
          <SegmentedControl
            aria-labelledby="webhook-format-label"
            value={value.format}
            onChange={(v) => set('format', v as WebhookFormat)}
            data={[
              { value: 'json', label: 'Signed JSON' },
              { value: 'slack', label: 'Slack incoming webhook' },
            ]}
          />
          <Text size="xs" c="dimmed" mt={4}>
            {value.format === 'slack'
              ? 'Paste the incoming-webhook URL Slack gave you (https://hooks.slack.com/…); events arrive as one-line messages.'
              : 'Events are POSTed as JSON, signed with HMAC-SHA256 (Standard Webhooks headers) so you can verify they come from us.'}
          </Text>
        </div>
        <TextInput
          label="Receiver URL"
          placeholder="https://example.com/webhooks/partners-center"
          value={value.url}
          onChange={(e) => set('url', e.currentTarget.value)}
          error={errors.url}
        />
        <Checkbox.Group label="Events" value={value.events} onChange={(v) => set('events', v as WebhookEventType[])} error={errors.events}>
          <Stack gap={6} mt={6}>
            {WEBHOOK_EVENT_TYPES.map((t) => (
              <Checkbox key={t} value={t} label={`${WEBHOOK_EVENT_LABELS[t]} (${t})`} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Switch label="Enabled" checked={value.enabled} onChange={(e) => set('enabled', e.currentTarget.checked)} />
        {formError && (
          <Text size="sm" c="red" role="alert">
            {formError}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {initial ? 'Save webhook' : 'Add webhook'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
