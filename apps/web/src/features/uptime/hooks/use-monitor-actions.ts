import type { Monitor } from '@pc/contracts';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useConfirmedDelete } from '../../../lib/use-confirmed-delete';
import { bulkSetPaused, deleteMonitor, setMonitorPaused } from '../api/monitors-api';

/** Pause/resume (one or many) and delete-with-confirmation, shared by the list and the detail page. */
export function useMonitorActions(publisherId: string, onChanged: () => void) {
  const { setBusy, ...deletion } = useConfirmedDelete<Monitor>((m) => deleteMonitor(publisherId, m.id), onChanged);
  return {
    ...deletion,
    async togglePause(m: Monitor) {
      const pause = m.status !== 'paused';
      try {
        await setMonitorPaused(publisherId, m.id, pause);
        toast.success(pause ? `"${m.name}" is paused: no checks until you resume it.` : `"${m.name}" is checked again.`);
        onChanged();
      } catch (e) {
        toast.error(errorMessage(e));
      }
    },
    async bulk(ids: string[], action: 'pause' | 'resume'): Promise<boolean> {
      setBusy(true);
      try {
        const { changed } = await bulkSetPaused(publisherId, ids, action);
        const n = changed.length;
        toast.success(`${n} monitor${n === 1 ? '' : 's'} ${action === 'pause' ? 'paused' : 'resumed'}.`);
        onChanged();
        return true;
      } catch (e) {
        toast.error(errorMessage(e));
        return false;
      } finally {
        setBusy(false);
      }
    },
  };
}
