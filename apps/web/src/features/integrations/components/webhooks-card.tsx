import { Alert, Anchor, Button, Group, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Routes } from '@pc/contracts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { FeatureBadges } from '../../../lib/feature-flags/feature-badges';
import { FlagKeys } from '../../../lib/feature-flags/feature-areas';
import { DeliveryLog } from './delivery-log';
import { useWebhooksCard } from '../hooks/use-webhooks-card';
import { WebhookForm } from './webhook-form';
import { WebhookSecretAlert } from './webhook-secret-alert';
import { WebhooksTable } from './webhooks-table';

/** Outgoing webhooks: subscriptions, their secret shown once, a test event and the delivery log. */
export function WebhooksCard({ publisherId }: { publisherId: string }) {
  const w = useWebhooksCard(publisherId);
  const { data, error, mutate, deliveries, selected, selectedId, busyId, form, secret, deleting } = w;
  const canChange = data?.planAllows ?? false;

  return (
    <Card>
      <Stack gap="sm">
        <WebhooksIntro
          canChange={canChange}
          planLacks={data !== undefined && !data.planAllows}
          onAdd={() => w.setForm({ editing: null })}
        />
        {secret && <WebhookSecretAlert secret={secret} onClose={() => w.setSecret(null)} />}
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
          <WebhooksTable rows={data.subscriptions} selectedId={selectedId} canChange={canChange} busyId={busyId} onAction={w.onAction} />
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
              onRedeliver={w.onRedeliver}
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
        onSubmit={w.submit}
        onClose={() => w.setForm(null)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete this webhook?"
        confirmLabel="Delete webhook"
        danger
        busy={busyId !== null}
        onConfirm={() => void w.remove()}
        onCancel={() => w.setDeleting(null)}
      >
        Nothing more is sent to "{deleting?.name}" and its pending retries stop. This cannot be undone.
      </ConfirmDialog>
    </Card>
  );
}

/** What webhooks are, the button to add one, and why none is sent when the plan lacks them. */
function WebhooksIntro({ canChange, planLacks, onAdd }: { canChange: boolean; planLacks: boolean; onAdd: () => void }) {
  return (
    <>
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
        {canChange && <Button onClick={onAdd}>Add webhook</Button>}
      </Group>
      {planLacks && (
        <Alert color="blue" title="Webhooks are not part of your plan">
          Existing webhooks receive nothing while your plan lacks them.{' '}
          <Anchor component={Link} to={Routes.myPlans}>
            Request a plan with webhooks on My plans
          </Anchor>
          .
        </Alert>
      )}
    </>
  );
}
