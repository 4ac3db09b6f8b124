import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { RenderErrorPage } from '../components/ui/render-error-page';

/**
 * A page's code (its lazy route chunk) could not be downloaded: usually the browser is offline.
 * `retry` downloads it again; once it resolves, rendering the route again shows the page.
 */
export class PageLoadError extends Error {
  constructor(
    override readonly cause: unknown,
    readonly retry: () => Promise<void>,
  ) {
    super(cause instanceof Error ? cause.message : 'The page could not be loaded.');
    this.name = 'PageLoadError';
  }
}

/**
 * The router's error element. Imported eagerly, never lazily: it must show when the network that
 * would bring a lazy error page is gone. A page whose code did not load gets the offline message;
 * any other failure the render fallback.
 */
export function RouteErrorElement() {
  const error = useRouteError();
  return error instanceof PageLoadError ? <PageLoadFailed error={error} /> : <RenderErrorPage error={error} />;
}

function PageLoadFailed({ error }: { error: PageLoadError }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [offline, setOffline] = useState(() => !navigator.onLine);
  const offlineWhenShown = useRef(offline);
  const retry = useCallback(async () => {
    setBusy(true);
    try {
      await error.retry();
      // The same address again: the router renders the route anew, now with its code.
      void navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true, state: location.state });
    } catch {
      setOffline(!navigator.onLine);
    } finally {
      setBusy(false);
    }
  }, [error, location, navigate]);
  useEffect(() => {
    const online = () => {
      setOffline(false);
      void retry();
    };
    const offlineNow = () => setOffline(true);
    window.addEventListener('online', online);
    window.addEventListener('offline', offlineNow);
    // Back online between the first paint and this listener: that 'online' event is gone, so retry now.
    if (offlineWhenShown.current && navigator.onLine) {
      offlineWhenShown.current = false;
      online();
    }
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offlineNow);
    };
  }, [retry]);
  return (
    <Center mih="50vh" p="md">
      <Stack align="center" gap="md" maw={560} ta="center" data-testid="page-load-failed">
        <Title order={1} size="h2">
          This page could not be loaded
        </Title>
        <Text role="status">
          {offline
            ? 'You are offline. The page opens by itself as soon as you are back online.'
            : 'Its code could not be downloaded. Try again; if it keeps failing, reload the page.'}
        </Text>
        <Group>
          <Button onClick={() => void retry()} loading={busy}>
            TRY AGAIN
          </Button>
          <Button variant="default" onClick={() => window.location.reload()}>
            RELOAD PAGE
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
