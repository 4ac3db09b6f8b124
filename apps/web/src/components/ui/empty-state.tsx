import type { ReactNode } from 'react';
import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';

/** An empty state says what will appear here and how to get it (docs/architecture.md). */
export function EmptyState({
  title,
  children,
  action,
  icon,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack align="center" gap="sm" maw={560} mx="auto" ta="center">
        {icon && (
          <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
            {icon}
          </ThemeIcon>
        )}
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text c="dimmed" size="sm" component="div">
          {children}
        </Text>
        {action}
      </Stack>
    </Paper>
  );
}
