import { Card, Skeleton, Stack, Text, Timeline, Title } from '@mantine/core';
import { useRuleHistory } from '../api/blocking-rules-api';
import { formatDateTime } from '@pc/contracts';
import { describeChanges, HISTORY_LABEL } from '../state/history-text';

/** The rule's audit trail: who changed what, newest first; `valueText` names a value (an IAB category by its name). */
export function RuleHistory({
  publisherId,
  ruleId,
  valueText,
}: {
  publisherId: string;
  ruleId: string;
  valueText?: (value: string) => string;
}) {
  const { data, error, isLoading } = useRuleHistory(publisherId, ruleId);
  return (
    <Card role="region" withBorder aria-label="Rule history">
      <Stack gap="sm">
        <Title order={3} size="h5">
          History
        </Title>
        {error ? (
          <Text c="red" size="sm">
            The history could not be loaded: {error.message}
          </Text>
        ) : isLoading || !data ? (
          <Skeleton h={60} />
        ) : (
          <Timeline bulletSize={12} lineWidth={2}>
            {data.map((h, i) => (
              <Timeline.Item key={i} title={`${HISTORY_LABEL[h.action] ?? h.action} by ${h.actor ?? 'someone'}`}>
                <Text size="xs" c="dimmed">
                  {formatDateTime(h.at)}
                </Text>
                {describeChanges(h.changes, valueText) && <Text size="sm">{describeChanges(h.changes, valueText)}</Text>}
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Stack>
    </Card>
  );
}
