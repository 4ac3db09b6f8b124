import { Button, Center, Code, Group, Stack, Text, Title } from '@mantine/core';
import { Routes } from '@pc/contracts';
import { useEffect } from 'react';

/**
 * Fallback when a page or the shell fails to render (spec error catalogue). Says what to do; the
 * technical detail stays collapsed for support.
 */
export function RenderErrorPage({ error }: { error?: unknown }) {
  useEffect(() => {
    console.error('Render failure', error);
  }, [error]);
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <Center mih="70vh" p="md" component="main">
      <Stack align="center" gap="md" maw={560} ta="center">
        <Title order={1} size="h2">
          This page could not be displayed
        </Title>
        <Text>
          Something went wrong while showing this page. Reload it, or go back to the homepage. If it keeps happening, contact support.
        </Text>
        {detail && (
          <Code block c="dimmed">
            {detail}
          </Code>
        )}
        <Group>
          <Button component="a" href={Routes.home}>
            GO TO HOMEPAGE
          </Button>
          <Button variant="default" onClick={() => window.location.reload()}>
            RELOAD PAGE
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
