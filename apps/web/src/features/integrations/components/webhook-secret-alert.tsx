import { Alert, Button, Code, CopyButton, Group, Text } from '@mantine/core';

/** A new or rotated signing secret, shown once, with how a receiver verifies a request with it. */
export function WebhookSecretAlert({ secret, onClose }: { secret: { name: string; secret: string }; onClose: () => void }) {
  return (
    <Alert
      color="green"
      title={`Signing secret of "${secret.name}": copy it now, it is not shown again`}
      role="status"
      withCloseButton
      closeButtonLabel="Hide the secret"
      onClose={onClose}
    >
      <Group wrap="nowrap" align="flex-start">
        <Code block style={{ flex: 1 }} data-testid="new-webhook-secret">
          {secret.secret}
        </Code>
        <CopyButton value={secret.secret}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" onClick={copy}>
              {copied ? 'Copied' : 'Copy secret'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text size="xs" mt="xs">
        Verify each request: base64 HMAC-SHA256, keyed with the base64-decoded secret after <Code>whsec_</Code>, of{' '}
        <Code>{'<webhook-id>.<webhook-timestamp>.<raw body>'}</Code>, must match a <Code>v1,</Code> value of the{' '}
        <Code>webhook-signature</Code> header (Standard Webhooks).
      </Text>
    </Alert>
  );
}
