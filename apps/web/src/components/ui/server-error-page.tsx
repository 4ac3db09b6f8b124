import { useEffect, useState } from 'react';
import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { Limits, Routes } from '@pc/contracts';
import { StorageKeys, readJson, writeJson } from '../../lib/storage';
import { Logo } from './logo';
import { PageLoader } from './spinner';
import { useProductName } from './product-name';

interface LastErrorPage {
  address: string;
  time: number;
}

/**
 * docs/product.md#error-page, error page: reload once automatically unless this same address was recorded
 * less than 60 s ago (that would loop on a persistent failure).
 */
export function shouldAutoReload(last: LastErrorPage | null, address: string, now: number): boolean {
  if (!last || last.address !== address) return true;
  return now - last.time > Limits.errorPageReloadWindowMs;
}

export interface ServerErrorPageProps {
  reload?: () => void;
  now?: () => number;
}

/** The 500 page (docs/product.md#error-page): texts and buttons verbatim. */
export function ServerErrorPage({ reload = () => window.location.reload(), now = Date.now }: ServerErrorPageProps) {
  const [checked, setChecked] = useState(false);
  const productName = useProductName();

  useEffect(() => {
    document.title = '500 - Server Error';
    const address = window.location.href;
    const last = readJson<LastErrorPage | null>(StorageKeys.errorPage, null);
    if (shouldAutoReload(last, address, now())) {
      writeJson(StorageKeys.errorPage, { address, time: now() });
      reload();
      return;
    }
    setChecked(true);
    // Runs once per mount: the check is about this visit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!checked) return <PageLoader />;
  return (
    <Center mih="100vh" p="md" component="main">
      <Stack align="center" gap="md" maw={560} ta="center">
        <Logo size={56} title={productName} />
        <Title order={1}>Something Went Wrong</Title>
        <Text>An unexpected error has occurred. We apologize for the inconvenience.</Text>
        <Text c="dimmed">Please try refreshing the page or return to the homepage using the buttons below.</Text>
        <Group>
          <Button component="a" href={Routes.home}>
            GO TO HOMEPAGE
          </Button>
          <Button variant="default" onClick={() => window.location.reload()}>
            REFRESH PAGE
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
