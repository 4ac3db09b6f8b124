import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Routes } from '@pc/contracts';

export function NotFoundPage() {
  return (
    <Stack align="center" gap="md" py="xl" ta="center">
      <Title order={1} size="h2">
        Page not found
      </Title>
      <Text c="dimmed">The address may be mistyped, or the page has moved. Use the navigation or go back to the dashboard.</Text>
      <Button component={Link} to={Routes.home}>
        Go to dashboard
      </Button>
    </Stack>
  );
}
