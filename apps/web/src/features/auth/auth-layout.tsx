import type { ReactNode } from 'react';
import { Anchor, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { ProductMark } from '../../components/ui/product-mark';
import { useConfig } from '../../lib/config-context';

/** The frame of the public pages (sign-in, forgot password). */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  const config = useConfig();
  return (
    <Center mih="100vh" p="md" component="main" bg="gray.0">
      <Stack w="100%" maw={420} gap="lg">
        <ProductMark productName={config.productName} />
        <Paper withBorder shadow="sm" p="xl">
          <Stack gap={4} mb="lg">
            <Title order={1} size="h3">
              {title}
            </Title>
            <Text c="dimmed" size="sm">
              {subtitle}
            </Text>
          </Stack>
          {children}
        </Paper>
        <Group justify="center" gap="lg">
          <Anchor href={config.links.privacyPolicy} target="_blank" rel="noopener noreferrer" size="xs" c="dimmed">
            Privacy Policy
          </Anchor>
          <Anchor href={config.links.termsOfService} target="_blank" rel="noopener noreferrer" size="xs" c="dimmed">
            Terms of Service
          </Anchor>
          <Anchor href={config.links.getInTouch} target="_blank" rel="noopener noreferrer" size="xs" c="dimmed">
            Get in touch
          </Anchor>
        </Group>
      </Stack>
    </Center>
  );
}
