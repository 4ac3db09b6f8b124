import { useEffect, useRef } from 'react';
import { Alert } from '@mantine/core';
import { useSWRConfig } from 'swr';
import { useOnline } from './use-online';

/**
 * Home while the browser is offline: says the figures shown are the last ones loaded and may be
 * stale. When the connection returns, every home request is revalidated at once (not only the ones
 * SWR's own reconnect listener knows about), so the banner never goes away over stale figures.
 */
export function OfflineBanner() {
  const online = useOnline();
  const { mutate } = useSWRConfig();
  const wasOffline = useRef(!online);
  useEffect(() => {
    if (!online) wasOffline.current = true;
    else if (wasOffline.current) {
      wasOffline.current = false;
      void mutate(() => true);
    }
  }, [online, mutate]);
  if (online) return null;
  return (
    <Alert color="yellow" role="status" title="You are offline" data-testid="home-offline-banner">
      The figures below are the last ones loaded and may be stale. They refresh by themselves when you are back online.
    </Alert>
  );
}
