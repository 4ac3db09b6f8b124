import { useState } from 'react';
import { TrackingEvents, type BlockingRule } from '@pc/contracts';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { track } from '../../../lib/tracking/track';
import { deleteRule, setRulePaused } from '../api/blocking-rules-api';

/** Pause/resume and delete-with-confirmation, shared by the list and the rule page. */
export function useRuleActions(publisherId: string, onChanged: () => void) {
  const [deleting, setDeleting] = useState<BlockingRule | null>(null);
  const [busy, setBusy] = useState(false);
  return {
    deleting,
    busy,
    askDelete: setDeleting,
    cancelDelete: () => setDeleting(null),
    async togglePause(rule: BlockingRule) {
      try {
        await setRulePaused(publisherId, rule.id, rule.status !== 'paused');
        track(TrackingEvents.blockingRuleEdit, { publisher_id: publisherId, action: rule.status === 'paused' ? 'resume' : 'pause' });
        toast.success(rule.status === 'paused' ? `"${rule.name}" is active again.` : `"${rule.name}" is paused.`);
        onChanged();
      } catch (e) {
        toast.error(errorMessage(e));
      }
    },
    async confirmDelete(after?: () => void) {
      if (!deleting) return;
      setBusy(true);
      try {
        await deleteRule(publisherId, deleting.id);
        track(TrackingEvents.blockingRuleDelete, { publisher_id: publisherId, rule_type: deleting.type });
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
