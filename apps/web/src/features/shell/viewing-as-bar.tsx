import { Button, Group, Text } from '@mantine/core';
import { exitPartnerView, readViewingAs } from '../../lib/viewing-as';

/**
 * The persistent "viewing as" bar of a sign-in as partner (this tab only). Exit ends the view on
 * the server (its token is refused from then on, and the end is audited) and brings this tab back
 * to the admin console, signed in as the admin.
 */
export function ViewingAsBar() {
  const v = readViewingAs();
  if (!v) return null;
  return (
    <Group role="status" aria-label="Viewing as partner" justify="center" gap="md" py={6} px="md" bg="orange.1" wrap="nowrap">
      <Text size="sm" fw={600}>
        Viewing as {v.publisherName} ({v.publisherId}) — signed in as partner by {v.by}
      </Text>
      <Button size="compact-sm" color="orange" onClick={() => void exitPartnerView()}>
        Exit partner view
      </Button>
    </Group>
  );
}
