import { Alert, Button, Group, Text } from '@mantine/core';

export interface LoadErrorAlertProps {
  /** What could not be loaded, e.g. "The history could not be loaded". */
  title: string;
  message: string;
  onRetry: () => void;
}

/** The one "could not be loaded" state: the server's message and a way to try again. */
export function LoadErrorAlert({ title, message, onRetry }: LoadErrorAlertProps) {
  return (
    <Alert color="red" role="alert" title={title}>
      <Group gap="sm">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          Try again
        </Button>
      </Group>
    </Alert>
  );
}
