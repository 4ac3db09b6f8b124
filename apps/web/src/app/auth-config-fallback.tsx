import { Center, Stack, Text, Title } from '@mantine/core';
import { Logo } from '../components/ui/logo';
import { useProductName } from '../components/ui/product-name';

/** Spec: without a complete moc_auth_config (apiKey and authDomain) a fallback renders. */
export function AuthConfigFallback() {
  const name = useProductName();
  return (
    <Center mih="100vh" p="md" component="main">
      <Stack align="center" maw={520} ta="center">
        <Logo size={56} title={name} />
        <Title order={1} size="h2">
          Sign-in is not available
        </Title>
        <Text c="dimmed">
          The identity service settings are incomplete, so {name} cannot sign you in. Please try again later; if the problem continues,
          contact your administrator.
        </Text>
      </Stack>
    </Center>
  );
}
