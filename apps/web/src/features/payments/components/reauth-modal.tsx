import { useState } from 'react';
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { getIdentityClient } from '../../../lib/identity/auth-instance';
import { errorMessage } from '../../../lib/api-error';

/** Asks for the current password (the spec's re-authentication), then runs `onConfirmed`. */
export function ReauthModal({
  opened,
  onClose,
  onConfirmed,
  purpose = 'Payment details decide where your money goes. Enter your current password to save them.',
}: {
  opened: boolean;
  onClose: () => void;
  onConfirmed: () => Promise<void>;
  /** Why the password is asked for, in the words of what is being saved. */
  purpose?: string;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!password) return setError('Password is required!');
    setBusy(true);
    try {
      await getIdentityClient().reauthenticate(password);
    } catch (err) {
      setBusy(false);
      return setError(errorMessage(err));
    }
    try {
      await onConfirmed();
      setPassword('');
      setError(null);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal opened={opened} onClose={onClose} title="Confirm it is you" centered>
      <form onSubmit={(e) => void submit(e)}>
        <Stack gap="sm">
          <Text size="sm">{purpose}</Text>
          <PasswordInput
            label="Current password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={error}
            data-autofocus
            autoComplete="current-password"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Confirm and save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
