import type { ReactNode } from 'react';
import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import { ProductMark } from './product-mark';
import { useConfig } from '../../lib/config-context';

/**
 * The frame of the pages outside the shell (sign-in, forgot password, partner selection): the product
 * mark, one centred card with the page's title and purpose, and the page's own line below it.
 */
export function PublicFrame({
  title,
  subtitle,
  width = 420,
  footer,
  children,
}: {
  title: string;
  subtitle: string;
  width?: number;
  footer: ReactNode;
  children: ReactNode;
}) {
  const config = useConfig();
  return (
    <Center mih="100vh" p="md" component="main" bg="gray.0">
      <Stack w="100%" maw={width} gap="lg">
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
        {footer}
      </Stack>
    </Center>
  );
}
