import { Button, Group, Text } from '@mantine/core';
import { api } from '../../lib/api';
import { useLogout } from '../../lib/identity/auth-context';
import { readViewingAs } from '../../lib/viewing-as';

/**
 * The persistent "viewing as" bar of a sign-in as partner. Exit records the end in the audit log
 * and signs the partner view out (the staff member signs in again as themselves).
 */
export function ViewingAsBar() {
  const logout = useLogout();
  const v = readViewingAs();
  if (!v) return null;
  const exit = async () => {
    await api('admin/impersonate/end', { method: 'POST', publisherId: null }).catch(() => undefined);
    await logout();
  };
  return (
    <Group role="status" aria-label="Viewing as partner" justify="center" gap="md" py={6} px="md" bg="orange.1" wrap="nowrap">
      <Text size="sm" fw={600}>
        Viewing as {v.publisherName} ({v.publisherId}) — signed in as partner by {v.by}
      </Text>
      <Button size="compact-sm" color="orange" onClick={() => void exit()}>
        Exit partner view
      </Button>
    </Group>
  );
}
