import { useState } from 'react';
import { Alert, Anchor, Button, Code, CopyButton, Group, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Routes, type WebhookDelivery, type WebhookSubscription, type WebhookSubscriptionInput } from '@pc/contracts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { errorMessage } from '../../../lib/api-error';
import { addToast } from '../../../lib/toast';
import {
  createWebhook,
  deleteWebhook,
  redeliver,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhook,
  useWebhookDeliveries,
  useWebhooks,
} from '../api/webhooks-api';
import { FeatureBadges } from '../../../lib/feature-flags/feature-badges';
import { FlagKeys } from '../../../lib/feature-flags/feature-areas';
import { DeliveryLog } from './delivery-log';
import { WebhookForm } from './webhook-form';
import { WebhooksTable, type WebhookAction } from './webhooks-table';

/** Outgoing webhooks: subscriptions, their secret shown once, a test event and the delivery log. */
export function WebhooksCard({ publisherId }: { publisherId: string }) {
  const { data, error, mutate } = useWebhooks(publisherId);
  const [form, setForm] = useState<{ editing: WebhookSubscription | null } | null>(null);
  const [secret, setSecret] = useState<{ name: string; secret: string } | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<WebhookSubscription | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const deliveries = useWebhookDeliveries(publisherId, selectedId);
  const selected = data?.subscriptions.find((s) => s.id === selectedId) ?? null;
  const canChange = data?.planAllows ?? false;

  const run = async (id: string, work: () => Promise<void>) => {
    setBusyId(id);
    try {
      await work();
    } catch (e) {
      addToast('error', errorMessage(e));
    } finally {
      setBusyId(null);
    }
  };

  const onAction = (action: WebhookAction, w: WebhookSubscription) => {
    if (action === 'deliveries') setSelectedId(w.id);
    if (action === 'edit') setForm({ editing: w });
    if (action === 'delete') setDeleting(w);
    if (action === 'test')
      void run(w.id, async () => {
        await sendTestEvent(publisherId, w.id);
        setSelectedId(w.id);
        addToast('success', `Test event queued for "${w.name}": its delivery appears in the log below.`);
        await Promise.all([mutate(), deliveries.mutate()]);
      });
    if (action === 'rotate')
      void run(w.id, async () => {
        const r = await rotateWebhookSecret(publisherId, w.id);
        setSecret({ name: r.subscription.name, secret: r.secret });
        await mutate();
      });
  };

  const submit = async (input: WebhookSubscriptionInput) => {
    if (form?.editing) {
      await updateWebhook(publisherId, form.editing.id, input);
      addToast('success', `Webhook "${input.name}" saved.`);
    } else {
      const created = await createWebhook(publisherId, input);
      setSecret({ name: created.subscription.name, secret: created.secret });
      setSelectedId(created.subscription.id);
    }
    setForm(null);
    await mutate();
  };

  const remove = async () => {
    if (!deleting) return;
    await run(deleting.id, async () => {
      await deleteWebhook(publisherId, deleting.id);
      addToast('success', `Webhook "${deleting.name}" deleted: nothing more is sent to it.`);
      if (selectedId === deleting.id) setSelectedId(null);
      await mutate();
    });
    setDeleting(null);
  };

  const onRedeliver = (d: WebhookDelivery) => {
    if (!selected) return;
    void run(d.id, async () => {
      await redeliver(publisherId, selected.id, d.id);
      addToast('success', `${d.event} sent again as a new delivery.`);
      await deliveries.mutate();
    });
  };

  return (
    <Card>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Group gap="xs" wrap="nowrap">
              <Title order={2} size="h5">
                Webhooks
              </Title>
              <FeatureBadges flag={FlagKeys.webhooks} />
            </Group>
            <Text size="sm" c="dimmed">
              We POST events to your systems as they happen (exports ready, incidents, ads.txt changes, payments), signed so you can verify
              them, and retry for about 15 minutes when your receiver does not answer 2xx.
            </Text>
          </div>
          {canChange && <Button onClick={() => setForm({ editing: null })}>Add webhook</Button>}
        </Group>
        {data && !data.planAllows && (
          <Alert color="blue" title="Webhooks are not part of your plan">
            Existing webhooks receive nothing while your plan lacks them.{' '}
            <Anchor component={Link} to={Routes.myPlans}>
              Request a plan with webhooks on My plans
            </Anchor>
            .
          </Alert>
        )}
        {secret && (
          <Alert
            color="green"
            title={`Signing secret of "${secret.name}": copy it now, it is not shown again`}
            role="status"
            withCloseButton
            closeButtonLabel="Hide the secret"
            onClose={() => setSecret(null)}
          >
            <Group wrap="nowrap" align="flex-start">
              <Code block style={{ flex: 1 }} data-testid="new-webhook-secret">
                {secret.secret}
              </Code>
              <CopyButton value={secret.secret}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" onClick={copy}>
                    {copied ? 'Copied' : 'Copy secret'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Text size="xs" mt="xs">
              Verify each request: base64 HMAC-SHA256, keyed with the base64-decoded secret after <Code>whsec_</Code>, of{' '}
              <Code>{'<webhook-id>.<webhook-timestamp>.<raw body>'}</Code>, must match a <Code>v1,</Code> value of the{' '}
              <Code>webhook-signature</Code> header (Standard Webhooks).
            </Text>
          </Alert>
        )}
        {error ? (
          <LoadErrorAlert title="The webhooks could not be loaded" message={error.message} onRetry={() => void mutate()} />
        ) : !data ? (
          <Text size="sm" aria-busy="true">
            Loading webhooks…
          </Text>
        ) : data.subscriptions.length === 0 ? (
          <Text size="sm" c="dimmed">
            No webhook yet.{canChange ? ' Add one to have events sent to your systems or to a Slack channel.' : ''}
          </Text>
        ) : (
          <WebhooksTable rows={data.subscriptions} selectedId={selectedId} canChange={canChange} busyId={busyId} onAction={onAction} />
        )}
        {selected && (
          <Stack gap="xs">
            <Group justify="space-between">
              <Title order={3} size="h6">
                Deliveries of "{selected.name}"
              </Title>
              <Button size="xs" variant="subtle" onClick={() => void deliveries.mutate()}>
                Refresh
              </Button>
            </Group>
            <DeliveryLog
              data={deliveries.data}
              error={deliveries.error}
              onRetry={() => void deliveries.mutate()}
              onRedeliver={onRedeliver}
              busyId={busyId}
            />
          </Stack>
        )}
      </Stack>
      <WebhookForm
        opened={form !== null}
        initial={
          form?.editing
            ? {
                name: form.editing.name,
                url: form.editing.url,
                format: form.editing.format,
                events: form.editing.events,
                enabled: form.editing.enabled,
              }
            : null
        }
        onSubmit={submit}
        onClose={() => setForm(null)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete this webhook?"
        confirmLabel="Delete webhook"
        danger
        busy={busyId !== null}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      >
        Nothing more is sent to "{deleting?.name}" and its pending retries stop. This cannot be undone.
      </ConfirmDialog>
    </Card>
  );
}
