import { useState } from 'react';
import { Button, Card, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { CreateApiKeySchema, type ApiKeyAccess, type ReportingApiKey } from '@pc/contracts';
import { IssuedKeysTable, NewKeyAlert, useIssuedKeyActions, type IssuedKeyColumn } from '../../../components/issued-keys';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PageHeader } from '../../../components/ui/page-header';
import { useChosenPublisherId } from '../../../lib/chosen-publisher';
import { createApiKey, revokeApiKey, useApiKeys } from '../api/integrations-api';
import { WebhooksCard } from '../components/webhooks-card';

const accessColumn: IssuedKeyColumn<ReportingApiKey>[] = [
  { header: 'Access', cell: (k) => (k.access === 'read' ? 'Read-only' : 'Read-write') },
];

/** /integrations: reporting API keys (shown once, revocable) and outgoing webhooks. */
export function IntegrationsPage() {
  const publisherId = useChosenPublisherId();
  if (!publisherId) return null;
  return <Integrations publisherId={publisherId} />;
}

function Integrations({ publisherId }: { publisherId: string }) {
  const { data, error, mutate } = useApiKeys(publisherId);
  const [name, setName] = useState('');
  const [access, setAccess] = useState<ApiKeyAccess>('read');
  const { busy, nameError, created, revoking, setRevoking, create, revoke } = useIssuedKeyActions({
    parse: () => CreateApiKeySchema.safeParse({ name, access }),
    create: (input) => createApiKey(publisherId, input),
    revoke: (key: ReportingApiKey) => revokeApiKey(publisherId, key.id),
    revokedText: (key) => `API key "${key.name}" revoked: calls with it are refused from now on.`,
    reload: mutate,
    onCreated: () => setName(''),
  });
  const origin = window.location.origin;
  return (
    <Stack gap="lg">
      <PageHeader
        title="Integrations"
        purpose="Pull your reports from your own tools with an API key, and have events pushed to your systems with webhooks."
      />
      <Card>
        <Title order={2} size="h5" mb="xs">
          Create an API key
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          A key acts for this publisher only. Read-only keys run and download reports; read-write keys can also create exports and e-mailed
          reports.
        </Text>
        <Group align="flex-end">
          <TextInput
            label="Key name"
            placeholder="e.g. BI dashboard"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={nameError}
          />
          <SegmentedControl
            aria-label="Access"
            value={access}
            onChange={(v) => setAccess(v as ApiKeyAccess)}
            data={[
              { value: 'read', label: 'Read-only' },
              { value: 'read_write', label: 'Read-write' },
            ]}
          />
          <Button onClick={() => void create()} loading={busy}>
            Create key
          </Button>
        </Group>
        {created && (
          <Stack mt="md">
            <NewKeyAlert
              name={created.key.name}
              secret={created.secret}
              testId="new-api-key"
              example={`curl -H "Authorization: Bearer <key>" "${origin}/api/partner-center/report?reportType=revenue&publisherId=${publisherId}&…"`}
            />
          </Stack>
        )}
      </Card>
      <Card>
        <Title order={2} size="h5" mb="sm">
          API keys
        </Title>
        <IssuedKeysTable
          noun="API keys"
          data={data}
          error={error}
          onRetry={() => void mutate()}
          emptyText="No API key yet. Keys you create appear here with when they were last used."
          minWidth={720}
          extraColumns={accessColumn}
          onRevoke={setRevoking}
        />
      </Card>
      <WebhooksCard publisherId={publisherId} />
      <ConfirmDialog
        opened={revoking !== null}
        title="Revoke this API key?"
        confirmLabel="Revoke key"
        danger
        busy={busy}
        onConfirm={() => void revoke()}
        onCancel={() => setRevoking(null)}
      >
        Tools using "{revoking?.name}" stop getting reports at once. This cannot be undone.
      </ConfirmDialog>
    </Stack>
  );
}
