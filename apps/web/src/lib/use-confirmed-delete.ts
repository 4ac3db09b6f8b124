import { useState } from 'react';
import { errorMessage } from './api-error';
import { toast } from './toast';

/**
 * Delete with a confirmation step: `askDelete` opens it for an item, `confirmDelete` removes it,
 * says so by name, closes the confirmation and refreshes; a failure is an error toast and the
 * confirmation stays open. `busy` (with `setBusy` for the area's other actions) disables the buttons.
 */
export function useConfirmedDelete<T extends { name: string }>(remove: (item: T) => Promise<unknown>, onChanged: () => void) {
  const [deleting, setDeleting] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  return {
    deleting,
    busy,
    setBusy,
    askDelete: setDeleting,
    cancelDelete: () => setDeleting(null),
    async confirmDelete(after?: () => void) {
      if (!deleting) return;
      setBusy(true);
      try {
        await remove(deleting);
        toast.success(`"${deleting.name}" was deleted.`);
        setDeleting(null);
        onChanged();
        after?.();
      } catch (e) {
        toast.error(errorMessage(e));
      } finally {
        setBusy(false);
      }
    },
  };
}
