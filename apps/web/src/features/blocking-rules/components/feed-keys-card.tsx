import { useState } from 'react';
import { Alert, Badge, Button, Card, Code, CopyButton, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { CreateFeedKeySchema, type CreatedFeedKey, type FeedKey } from '@pc/contracts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { errorMessage } from '../../../lib/api-error';
import { addToast } from '../../../lib/toast';
import { createFeedKey, revokeFeedKey, useFeedKeys } from '../api/blocking-rules-api';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : 'Never');

/** Keys the publisher's ad server uses to poll GET /api/blocking-rules/feed (shown once, revocable). */
export function FeedKeysCard({ publisherId }: { publisherId: string }) {
  const { data, error, mutate } = useFeedKeys(publisherId);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<CreatedFeedKey | null>(null);
  const [revoking, setRevoking] = useState<FeedKey | null>(null);

  const create = async () => {
    const parsed = CreateFeedKeySchema.safeParse({ name });
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message);
      return;
    }
    setBusy(true);
    setNameError(undefined);
    try {
      setCreated(await createFeedKey(publisherId, parsed.data));
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
      await revokeFeedKey(publisherId, revoking.id);
      addToast('success', `Feed key "${revoking.name}" revoked: the feed refuses it from now on.`);
      if (created?.key.id === revoking.id) setCreated(null);
      await mutate();
    } catch (e) {
      addToast('error', errorMessage(e));
    } finally {
      setBusy(false);
      setRevoking(null);
    }
  };
  const feedUrl = `${window.location.origin}/api/blocking-rules/feed`;
  return (
    <Card>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h5">
            Serving feed keys
          </Title>
          <Text size="sm" c="dimmed">
            Your ad server reads the active rules per site from the feed with one of these keys. It answers 304 while nothing changed, so
            polling every minute is cheap.
          </Text>
        </div>
        <Group align="flex-end">
          <TextInput
            label="Key name"
            placeholder="e.g. Ad server EU"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={nameError}
          />
          <Button onClick={() => void create()} loading={busy}>
            Create feed key
          </Button>
        </Group>
        {created && (
          <Alert color="green" title={`Key "${created.key.name}" created: copy it now, it is not shown again`} role="status">
            <Group wrap="nowrap" align="flex-start">
              <Code block style={{ flex: 1 }} data-testid="new-feed-key">
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
              Example: <Code>{`curl -H "Authorization: Bearer <key>" -H 'If-None-Match: <last ETag>' "${feedUrl}"`}</Code>
            </Text>
          </Alert>
        )}
        {error ? (
          <LoadErrorAlert title="The feed keys could not be loaded" message={error.message} onRetry={() => void mutate()} />
        ) : !data ? (
          <Text size="sm" aria-busy="true">
            Loading feed keys…
          </Text>
        ) : data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No feed key yet. Keys you create appear here with when the feed last answered them.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={620}>
            <Table aria-label="Feed keys">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Key</Table.Th>
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
                    <Table.Td>
                      {when(k.createdAt)}
                      <Text size="xs" c="dimmed">
                        {k.createdBy ?? ''}
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
      </Stack>
      <ConfirmDialog
        opened={revoking !== null}
        title="Revoke this feed key?"
        confirmLabel="Revoke key"
        danger
        busy={busy}
        onConfirm={() => void revoke()}
        onCancel={() => setRevoking(null)}
      >
        An ad server using "{revoking?.name}" can no longer read your rules. This cannot be undone.
      </ConfirmDialog>
    </Card>
  );
}
