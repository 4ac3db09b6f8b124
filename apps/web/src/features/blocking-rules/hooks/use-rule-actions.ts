import { TrackingEvents, type BlockingRule } from '@pc/contracts';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { track } from '../../../lib/tracking/track';
import { useConfirmedDelete } from '../../../lib/use-confirmed-delete';
import { deleteRule, setRulePaused } from '../api/blocking-rules-api';

/** Pause/resume and delete-with-confirmation, shared by the list and the rule page. */
export function useRuleActions(publisherId: string, onChanged: () => void) {
  const deletion = useConfirmedDelete<BlockingRule>(async (rule) => {
    await deleteRule(publisherId, rule.id);
    track(TrackingEvents.blockingRuleDelete, { publisher_id: publisherId, rule_type: rule.type });
  }, onChanged);
  return {
    ...deletion,
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
  };
}
