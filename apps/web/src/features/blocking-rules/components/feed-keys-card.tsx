import { useState } from 'react';
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { blockingRulesEndpoints, CreateFeedKeySchema, pathOf, type FeedKey } from '@pc/contracts';
import { IssuedKeysTable, NewKeyAlert, useIssuedKeyActions } from '../../../components/issued-keys';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { createFeedKey, revokeFeedKey, useFeedKeys } from '../api/blocking-rules-api';

/** Keys the publisher's ad server uses to poll GET /api/blocking-rules/feed (shown once, revocable). */
export function FeedKeysCard({ publisherId }: { publisherId: string }) {
  const { data, error, mutate } = useFeedKeys(publisherId);
  const [name, setName] = useState('');
  const { busy, nameError, created, revoking, setRevoking, create, revoke } = useIssuedKeyActions({
    parse: () => CreateFeedKeySchema.safeParse({ name }),
    create: (input) => createFeedKey(publisherId, input),
    revoke: (key: FeedKey) => revokeFeedKey(publisherId, key.id),
    revokedText: (key) => `Feed key "${key.name}" revoked: the feed refuses it from now on.`,
    reload: mutate,
    onCreated: () => setName(''),
  });
  const feedUrl = `${window.location.origin}${pathOf(blockingRulesEndpoints.feed)}`;
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
          <NewKeyAlert
            name={created.key.name}
            secret={created.secret}
            testId="new-feed-key"
            example={`curl -H "Authorization: Bearer <key>" -H 'If-None-Match: <last ETag>' "${feedUrl}"`}
          />
        )}
        <IssuedKeysTable
          noun="feed keys"
          data={data}
          error={error}
          onRetry={() => void mutate()}
          emptyText="No feed key yet. Keys you create appear here with when the feed last answered them."
          minWidth={620}
          onRevoke={setRevoking}
        />
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
