import type { ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';

/** Every page's header pattern (docs/architecture.md): title, one-line purpose, primary action. */
export function PageHeader({
  title,
  purpose,
  action,
  badges,
}: {
  title: string;
  purpose: string;
  action?: ReactNode;
  /** Shown after the title, e.g. a feature's "new" / "beta" badges. */
  badges?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" mb="lg" wrap="wrap" gap="sm">
      <Stack gap={4}>
        {badges ? (
          <Group gap="xs" wrap="nowrap">
            <Title order={1} size="h2">
              {title}
            </Title>
            {badges}
          </Group>
        ) : (
          <Title order={1} size="h2">
            {title}
          </Title>
        )}
        <Text c="dimmed" size="sm">
          {purpose}
        </Text>
      </Stack>
      {action}
    </Group>
  );
}
