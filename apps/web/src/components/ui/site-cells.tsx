import type { ReactNode } from 'react';
import { Text } from '@mantine/core';

/** What a table of the partner's sites says before it has any: one wording wherever sites are listed. */
export function NoSitesYet() {
  return (
    <Text size="sm" c="dimmed">
      No sites are registered for this partner yet. Sites appear here once your account manager adds them.
    </Text>
  );
}

/** A site's first cell: its name, and under it the line that tells it apart (its id or domain). */
export function SiteName({ name, detail }: { name: string; detail: ReactNode }) {
  return (
    <>
      <Text size="sm" fw={500}>
        {name}
      </Text>
      <Text size="xs" c="dimmed">
        {detail}
      </Text>
    </>
  );
}
