import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, Stack } from '@mantine/core';
import { Routes, TrackingEvents } from '@pc/contracts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { LoadingCard } from '../../../components/ui/loading-card';
import { PageHeader } from '../../../components/ui/page-header';
import { useChosenPublisherId } from '../../../lib/chosen-publisher';
import { usePublisherDetails } from '../../../lib/data/use-publisher-data';
import { track } from '../../../lib/tracking/track';
import { useIabCategories, useRules } from '../api/blocking-rules-api';
import { FeedKeysCard } from '../components/feed-keys-card';
import { RuleDetail } from '../components/rule-detail';
import { RulesTable } from '../components/rules-table';
import { useRuleActions } from '../hooks/use-rule-actions';

/** /{area}/blocking-rules: the rules, or one rule (edit + history) with ?rule=<id>. */
export function BlockingRulesPage() {
  const publisherId = useChosenPublisherId();
  const [params] = useSearchParams();
  const ruleId = params.get('rule');
  useEffect(() => {
    if (publisherId) track(TrackingEvents.blockingRuleView, { publisher_id: publisherId, ...(ruleId ? { rule_id: ruleId } : {}) });
  }, [publisherId, ruleId]);
  if (!publisherId) return null;
  return ruleId ? <RuleDetail key={ruleId} publisherId={publisherId} ruleId={ruleId} /> : <RulesList publisherId={publisherId} />;
}

function RulesList({ publisherId }: { publisherId: string }) {
  const { data, error, isLoading, mutate } = useRules(publisherId);
  const { data: details } = usePublisherDetails(publisherId);
  const actions = useRuleActions(publisherId, () => void mutate());
  const siteName = (id: string) => details?.sites.find((s) => s.id === id)?.name ?? id;
  // The taxonomy is loaded only when a rule blocks IAB categories, so the list names them.
  const iab = useIabCategories(data?.some((r) => r.type === 'iab_category') ?? false);
  const iabName = (id: string) => iab.data?.find((c) => c.id === id)?.name ?? id;
  return (
    <Stack gap="lg">
      <PageHeader
        title="Blocking Rules"
        purpose="Keep advertisers, brands, content categories or keywords off all or some of your sites."
        action={
          <Button component={Link} to={Routes.blockingRulesCreate}>
            Create rule
          </Button>
        }
      />
      {error ? (
        <LoadErrorAlert title="The rules could not be loaded" message={error.message} onRetry={() => void mutate()} />
      ) : isLoading || !data ? (
        <LoadingCard label="Loading rules" />
      ) : data.length === 0 ? (
        <EmptyState
          title="No blocking rules yet"
          action={
            <Button component={Link} to={Routes.blockingRulesCreate}>
              Create your first rule
            </Button>
          }
        >
          Rules you create appear here with their sites, status and who changed them last.
        </EmptyState>
      ) : (
        <RulesTable
          rules={data}
          siteName={siteName}
          iabName={iabName}
          onPause={(r) => void actions.togglePause(r)}
          onDelete={actions.askDelete}
        />
      )}
      <FeedKeysCard publisherId={publisherId} />
      <ConfirmDialog
        opened={actions.deleting !== null}
        title="Delete this rule?"
        confirmLabel="Delete rule"
        danger
        busy={actions.busy}
        onConfirm={() => void actions.confirmDelete()}
        onCancel={actions.cancelDelete}
      >
        "{actions.deleting?.name}" stops applying at once. Its history stays in the audit log.
      </ConfirmDialog>
    </Stack>
  );
}
