import { useNavigate } from 'react-router';
import { Badge, Button, Group, Stack } from '@mantine/core';
import { Routes } from '@pc/contracts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { useIabCategories, useRule, useRuleHistory } from '../api/blocking-rules-api';
import { STATUS_LABELS } from '../state/rule-filter';
import { RuleForm } from './rule-form';
import { RuleHistory } from './rule-history';
import { useRuleActions } from '../hooks/use-rule-actions';
import { LoadingSkeleton } from '../../../components/ui/loading-skeleton';

/** One rule: its form (edit), pause/resume, delete, and its history. */
export function RuleDetail({ publisherId, ruleId }: { publisherId: string; ruleId: string }) {
  const navigate = useNavigate();
  const { data: rule, error, mutate } = useRule(publisherId, ruleId);
  const history = useRuleHistory(publisherId, ruleId);
  // An IAB rule's history names its categories, not their codes.
  const iab = useIabCategories(rule?.type === 'iab_category');
  const iabName = (id: string) => iab.data?.find((c) => c.id === id)?.name ?? id;
  const actions = useRuleActions(publisherId, () => {
    void mutate();
    void history.mutate();
  });
  if (error)
    return (
      <LoadErrorAlert
        title="This rule could not be loaded"
        message={`${error.message} Go back to the list and pick it again.`}
        onRetry={() => void mutate()}
      />
    );
  if (!rule) return <LoadingSkeleton label="Loading rule" h={300} />;
  return (
    <Stack gap="lg">
      <PageHeader
        title={rule.name}
        purpose={`Blocking rule of ${rule.publisherName} (${rule.publisherId}).`}
        action={
          <Group gap="xs">
            <Badge variant="light">{STATUS_LABELS[rule.status]}</Badge>
            {rule.status !== 'expired' && (
              <Button variant="default" onClick={() => void actions.togglePause(rule)}>
                {rule.status === 'paused' ? 'Resume' : 'Pause'}
              </Button>
            )}
            <Button color="red" variant="light" onClick={() => actions.askDelete(rule)}>
              Delete
            </Button>
          </Group>
        }
      />
      {/* A save refetches the rule too: its new name shows in the title at once, and the form remounts on the saved values. */}
      <RuleForm
        key={rule.updatedAt}
        publisherId={publisherId}
        rule={rule}
        onSaved={() => {
          void mutate();
          void history.mutate();
        }}
      />
      <RuleHistory publisherId={publisherId} ruleId={ruleId} valueText={rule.type === 'iab_category' ? iabName : undefined} />
      <ConfirmDialog
        opened={actions.deleting !== null}
        title="Delete this rule?"
        confirmLabel="Delete rule"
        danger
        busy={actions.busy}
        onConfirm={() => void actions.confirmDelete(() => void navigate(Routes.blockingRules))}
        onCancel={actions.cancelDelete}
      >
        "{rule.name}" stops applying at once. Its history stays in the audit log.
      </ConfirmDialog>
    </Stack>
  );
}
