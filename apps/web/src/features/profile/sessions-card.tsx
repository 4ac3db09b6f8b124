import { useState } from 'react';
import { Button, Card, Group, Text, Title } from '@mantine/core';
import { getIdentityClient } from '../../lib/identity/auth-instance';
import { useLogout } from '../../lib/identity/auth-context';
import { errorMessage } from '../../lib/api-error';
import { toast } from '../../lib/toast';

/** Ends every session of the user (a lost laptop, a shared computer), this one included. */
export function SessionsCard() {
  const logout = useLogout();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const signOutEverywhere = async () => {
    setBusy(true);
    try {
      await getIdentityClient().signOutEverywhere();
      await logout();
    } catch (e) {
      toast.error(errorMessage(e));
      setBusy(false);
    }
  };

  return (
    <Card>
      <Title order={2} size="h4">
        Devices
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Sign out on every device and browser where you are signed in, this one included. Use it if you lost a device or signed in on a
        computer you do not own.
      </Text>
      {confirming ? (
        <Group>
          <Text size="sm">Sign out everywhere now?</Text>
          <Button color="red" loading={busy} onClick={() => void signOutEverywhere()}>
            Yes, sign out everywhere
          </Button>
          <Button variant="default" disabled={busy} onClick={() => setConfirming(false)}>
            Cancel
          </Button>
        </Group>
      ) : (
        <Group>
          <Button variant="default" onClick={() => setConfirming(true)}>
            Sign out of all devices
          </Button>
        </Group>
      )}
    </Card>
  );
}
