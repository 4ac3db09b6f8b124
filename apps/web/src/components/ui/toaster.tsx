import { lazy, Suspense, useSyncExternalStore } from 'react';
import { Portal, Stack } from '@mantine/core';
import { getToasts, subscribeToasts } from '../../lib/toast';

// The toast UI loads with the first toast: most visits to /login never show one.
const ToastItem = lazy(() => import('./toast-item').then((m) => ({ default: m.ToastItem })));

/** Renders the toast store's messages (lib/toast), newest last, bottom right. */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  if (toasts.length === 0) return null;
  return (
    <Portal>
      <Stack gap="xs" pos="fixed" bottom={16} right={16} w={360} maw="calc(100vw - 32px)" style={{ zIndex: 1000 }}>
        <Suspense fallback={null}>
          {toasts.map((t) => (
            <ToastItem key={t.id} toast={t} />
          ))}
        </Suspense>
      </Stack>
    </Portal>
  );
}
