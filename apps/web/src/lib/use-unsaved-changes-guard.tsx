import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../components/ui/confirm-dialog';

/**
 * Warns before unsaved form changes are lost: leaving the page inside the app asks first (the
 * router's blocker), closing or reloading the tab gets the browser's own prompt (beforeunload).
 * Returns the dialog to render; it stays closed while nothing is dirty.
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return (
    <ConfirmDialog
      opened={blocker.state === 'blocked'}
      title="Leave without saving?"
      confirmLabel="Leave and discard changes"
      danger
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      Your changes on this page have not been saved. If you leave now, they are lost.
    </ConfirmDialog>
  );
}
