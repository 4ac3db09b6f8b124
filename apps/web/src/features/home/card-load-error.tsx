import { Button, Stack, Text } from '@mantine/core';

/**
 * A home card that could not load: what failed, what to do, and a Retry that re-runs the card's
 * SWR request (its `mutate`). Kept inside the card so one failing area hides nothing else on home.
 */
export function CardLoadError({ what, error, onRetry }: { what: string; error: Error; onRetry: () => void }) {
  return (
    <Stack gap={4} mt="sm" align="flex-start" role="alert" aria-label={`${what} could not be loaded`}>
      <Text size="sm">
        {what} could not be loaded: {error.message}
      </Text>
      <Text size="xs" c="dimmed">
        Check your connection and retry; if it keeps failing, the figures are still in the full report.
      </Text>
      <Button variant="light" color="red" size="compact-sm" onClick={onRetry}>
        Retry
      </Button>
    </Stack>
  );
}
