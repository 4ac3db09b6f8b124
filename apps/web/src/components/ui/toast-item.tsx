import { useEffect, useRef } from 'react';
import { Notification } from '@mantine/core';
import { Limits } from '@pc/contracts';
import { dismissToast, type ToastMessage, type ToastSeverity } from '../../lib/toast';

const COLOR: Record<ToastSeverity, string> = { success: 'teal', info: 'blue', warning: 'yellow', error: 'red' };
const TITLE: Record<ToastSeverity, string> = { success: 'Done', info: 'Note', warning: 'Warning', error: 'Error' };

/**
 * One toast (docs/product.md#states): auto-dismisses after 10,000 ms; the timer pauses while the pointer
 * is over it and restarts (full duration) when the pointer leaves; a close button; errors red with
 * role alert.
 */
export function ToastItem({ toast }: { toast: ToastMessage }) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const start = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => dismissToast(toast.id), Limits.toastAutoDismissMs);
  };
  const pause = () => clearTimeout(timer.current);
  useEffect(() => {
    start();
    return pause;
    // The timer belongs to this toast id only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [toast.id]);

  const isError = toast.severity === 'error';
  return (
    <Notification
      color={COLOR[toast.severity]}
      title={TITLE[toast.severity]}
      role={isError ? 'alert' : 'status'}
      aria-live={isError ? 'assertive' : 'polite'}
      data-severity={toast.severity}
      data-toast-id={toast.id}
      withBorder
      onMouseEnter={pause}
      onMouseLeave={start}
      onClose={() => dismissToast(toast.id)}
      closeButtonProps={{ 'aria-label': 'Close notification' }}
      styles={isError ? { root: { backgroundColor: 'var(--mantine-color-red-0)' } } : undefined}
    >
      {toast.message}
    </Notification>
  );
}
