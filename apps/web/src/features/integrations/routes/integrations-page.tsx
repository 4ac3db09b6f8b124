import { useState } from 'react';
import { Alert, Badge, Button, Card, Code, CopyButton, Group, SegmentedControl, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { CreateApiKeySchema, type ApiKeyAccess, type CreatedApiKey, type ReportingApiKey } from '@pc/contracts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { errorMessage } from '../../../lib/api-error';
import { useChosenPublisherId } from '../../../lib/chosen-publisher';
import { addToast } from '../../../lib/toast';
import { createApiKey, revokeApiKey, useApiKeys } from '../api/integrations-api';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : 'Never');

/** /integrations: reporting API keys (shown once, revocable). */
export function IntegrationsPage() {
  const publisherId = useChosenPublisherId();
  if (!publisherId) return null;
  return <Integrations publisherId={publisherId} />;
}

function Integrations({ publisherId }: { publisherId: string }) {
  const { data, error, mutate } = useApiKeys(publisherId);
  const [name, setName] = useState('');
  const [access, setAccess] = useState<ApiKeyAccess>('read');
  const [nameError, setNameError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ReportingApiKey | null>(null);

  const create = async () => {
    const parsed = CreateApiKeySchema.safeParse({ name, access });
    if (!parsed.success) {
      setNameError(parsed.error.issues.find((i) => i.path[0] === 'name')?.message);
      return;
    }
    setBusy(true);
    setNameError(undefined);
    try {
      setCreated(await createApiKey(publisherId, parsed.data));
      setName('');
      await mutate();
    } catch (e) {
      addToast('error', errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const revoke = async () => {
    if (!revoking) return;
    setBusy(true);
    try {
      await revokeApiKey(publisherId, revoking.id);
      addToast('success', `API key "${revoking.name}" revoked: calls with it are refused from now on.`);
      await mutate();
    } catch (e) {
      addToast('error', errorMessage(e));
    } finally {
      setBusy(false);
      setRevoking(null);
    }
  };
  const origin = window.location.origin;
  return (
    <Stack gap="lg">
      <PageHeader title="Integrations" purpose="Pull your reports from your own tools with an API key." />
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
          <Alert color="green" mt="md" title={`Key "${created.key.name}" created: copy it now, it is not shown again`} role="status">
            <Group wrap="nowrap" align="flex-start">
              <Code block style={{ flex: 1 }} data-testid="new-api-key">
                {created.secret}
              </Code>
              <CopyButton value={created.secret}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" onClick={copy}>
                    {copied ? 'Copied' : 'Copy key'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Text size="xs" mt="xs">
              Example:{' '}
              <Code>{`curl -H "Authorization: Bearer <key>" "${origin}/api/partner-center/report?reportType=revenue&publisherId=${publisherId}&…"`}</Code>
            </Text>
          </Alert>
        )}
      </Card>
      <Card>
        <Title order={2} size="h5" mb="sm">
          API keys
        </Title>
        {error ? (
          <LoadErrorAlert title="The API keys could not be loaded" message={error.message} onRetry={() => void mutate()} />
        ) : !data ? (
          <Text size="sm" aria-busy="true">
            Loading API keys…
          </Text>
        ) : data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No API key yet. Keys you create appear here with when they were last used.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table aria-label="API keys">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Key</Table.Th>
                  <Table.Th>Access</Table.Th>
                  <Table.Th>Created</Table.Th>
                  <Table.Th>Last used</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.map((k) => (
                  <Table.Tr key={k.id}>
                    <Table.Td>{k.name}</Table.Td>
                    <Table.Td>
                      <Code>{k.prefix}…</Code>
                    </Table.Td>
                    <Table.Td>{k.access === 'read' ? 'Read-only' : 'Read-write'}</Table.Td>
                    <Table.Td>
                      {when(k.createdAt)}
                      <Text size="xs" c="dimmed">
                        {k.createdBy}
                      </Text>
                    </Table.Td>
                    <Table.Td>{when(k.lastUsedAt)}</Table.Td>
                    <Table.Td>{k.revokedAt ? <Badge color="gray">Revoked</Badge> : <Badge color="green">Active</Badge>}</Table.Td>
                    <Table.Td>
                      {!k.revokedAt && (
                        <Button size="xs" variant="default" color="red" onClick={() => setRevoking(k)} aria-label={`Revoke ${k.name}`}>
                          Revoke
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
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
