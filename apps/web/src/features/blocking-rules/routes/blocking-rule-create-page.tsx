import { Stack } from '@mantine/core';
import { PageHeader } from '../../../components/ui/page-header';
import { useChosenPublisherId } from '../../../lib/chosen-publisher';
import { RuleForm } from '../components/rule-form';

/** /{area}/blocking-rules/create */
export function BlockingRuleCreatePage() {
  const publisherId = useChosenPublisherId();
  if (!publisherId) return null;
  return (
    <Stack gap="lg">
      <PageHeader title="Create blocking rule" purpose="Choose what to block and where; preview what it would have cost before saving." />
      <RuleForm publisherId={publisherId} />
    </Stack>
  );
}
